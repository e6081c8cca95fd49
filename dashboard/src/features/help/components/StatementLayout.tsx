// The frame of the two statements (/shengming, /shengming1): title, the deployment's data source, sections.
import { Alert, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSystemInfo } from '../../../api/queries';
import '../help.css';

export function StatementLayout({
  title,
  testId,
  other,
  children,
}: {
  title: string;
  testId: string;
  other: { label: string; to: string };
  children: ReactNode;
}) {
  const info = useSystemInfo();
  return (
    <div className="help-page" data-testid={testId}>
      <Card>
        <h1 className="help-title">{title}</h1>
        <p className="help-muted">
          另见<Link to={other.to}>{other.label}</Link>。如有疑问，可通过
          <Link to="/customization">定制服务</Link>页面联系我们。
        </p>
        {info.data?.demo && (
          <Alert
            type="warning"
            showIcon
            className="block-gap"
            data-testid="statement-demo"
            title="本站当前运行在演示模式：公众号、文章与阅读数均由内置模拟器生成，不是真实的微信数据，仅供体验功能。"
          />
        )}
        <div className="help-doc">{children}</div>
      </Card>
    </div>
  );
}
