// Site footer: statements, help, about and the other information pages of spec §2, then the site line.
import { Link } from 'react-router-dom';
import './shell.css';

const FOOTER_GROUPS = [
  {
    title: '声明',
    links: [
      { label: '用户协议与免责声明', to: '/shengming' },
      { label: '个人信息保护政策', to: '/shengming1' },
      { label: '网站公告', to: '/newnotice' },
    ],
  },
  {
    title: '帮助',
    links: [
      { label: '帮助中心', to: '/newhelpcenter' },
      { label: '新手指南', to: '/userguide' },
      { label: 'API 接口文档', to: '/appsearch/APIAssemble' },
    ],
  },
  {
    title: '关于',
    links: [
      { label: '关于我们', to: '/aboutus' },
      { label: '客户案例', to: '/customerCase' },
      { label: '定制服务', to: '/customization' },
    ],
  },
];

export function AppFooter() {
  return (
    <div className="app-footer-inner" data-testid="app-footer">
      <nav className="footer-groups" aria-label="页脚导航">
        {FOOTER_GROUPS.map((group) => (
          <div key={group.title} className="footer-group">
            <div className="footer-group-title">{group.title}</div>
            {group.links.map((link) => (
              <Link key={link.to} to={link.to} className="footer-link">
                {link.label}
              </Link>
            ))}
          </div>
        ))}
      </nav>
      <div className="footer-line">公众号数据平台 · 公众号搜索、历史文章与阅读数据分析</div>
    </div>
  );
}
