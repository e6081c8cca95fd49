// Home-page entries: rankings, the two article lists, monitoring, the API and membership.
import { Col, Row } from 'antd';
import { Link } from 'react-router-dom';
import { LightCard } from '../../../components/shell/LightCard';
import '../../../components/shell/shell.css';

const ENTRIES = [
  {
    key: 'rank',
    to: '/appsearch/otherRankings',
    title: '排行榜',
    text: '日榜、周榜、月榜，按行业与地区查看公众号综合指数排名',
  },
  {
    key: 'burst',
    to: '/appsearch/burst',
    title: '低粉爆文',
    text: '粉丝不多、阅读远超自身水平的爆款文章，发现好选题与潜力账号',
  },
  {
    key: 'hot',
    to: '/appsearch/hottext',
    title: '今日热文',
    text: '今天发布的公众号文章按阅读数实时排行，看今天大家都在读什么',
  },
  {
    key: 'monitor',
    to: '/appsearch/monitorNew',
    title: '实时监测',
    text: '按 1、2、5、10 分钟频率监测文章阅读、点赞与在看，投放前识别刷量',
  },
  {
    key: 'api',
    to: '/appsearch/APIAssemble',
    title: '数据 API',
    text: '搜索、详情、历史文章与阅读数据的开放接口，按次计费，新用户免费试用',
  },
  {
    key: 'vip',
    to: '/appsearch/center?tabSt=2',
    title: '开通会员',
    text: '高级、豪华、超级会员：更深的历史文章、主体信息与更多榜单数据',
  },
];

export function HomeEntries() {
  return (
    <Row gutter={[16, 16]} className="block-gap">
      {ENTRIES.map((entry) => (
        <Col key={entry.key} xs={24} sm={12} lg={8}>
          <Link to={entry.to} data-testid={`home-entry-${entry.key}`}>
            <LightCard hoverable small title={entry.title} extra="查看 ›" className="home-entry-card">
              <span className="ant-typography ant-typography-secondary home-entry-text">{entry.text}</span>
            </LightCard>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
