// API 申请 (/appsearch/applicatio): a member creates and manages API keys (the new key is also kept in this
// browser for the docs, detail and sample pages), sees the trial quota and remaining calls, and the next steps.
// A visitor gets the login prompt.
import { App, Card, Statistic, Steps, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { useRemaining } from '../../center';
import { KeysPanel } from '../components/KeysPanel';
import { storeKey } from '../hooks/apiKeyStore';
import '../../../components/styles/center.css';
import '../apipages.css';

function Quota() {
  const remaining = useRemaining();
  return (
    <>
      {remaining.isError && (
        <RetryAlert message={remaining.error.message} onRetry={() => remaining.refetch()} />
      )}
      <div style={{ display: 'flex', gap: 48 }} className="apipages-gap">
        <Statistic
          title="API 剩余次数"
          value={remaining.data?.api_balance ?? 0}
          loading={remaining.isPending}
          data-testid="applicatio-balance"
        />
        <Statistic
          title="注册赠送的试用次数"
          value={remaining.data?.trial_quota ?? 0}
          suffix="次"
          loading={remaining.isPending}
          data-testid="applicatio-trial"
        />
      </div>
    </>
  );
}

export function ApplicatioPage() {
  const session = useSession();
  return (
    <App component={false}>
      <Card title="API 申请" data-testid="applicatio-page">
        <Steps
          className="apipages-steps"
          size="small"
          items={[
            { title: '创建密钥', description: '注册即赠送试用次数' },
            { title: '阅读文档', description: <Link to="/appsearch/word">API 接口列表</Link> },
            { title: '调试与示例', description: <Link to="/pythonDemo">代码示例</Link> },
            { title: '购买套餐', description: <Link to="/wordVip">API 套餐</Link> },
          ]}
        />
        {session ? (
          <>
            <Quota />
            <Typography.Title level={5}>我的 API 密钥</Typography.Title>
            <Typography.Paragraph type="secondary">
              最多同时保留 5 个有效密钥；调用时放在请求头 X-Api-Key
              中。新建的密钥会记在本浏览器，接口详情、在线调试和代码示例页自动填入。
            </Typography.Paragraph>
            <KeysPanel onNewKey={storeKey} />
            <Typography.Paragraph>
              可在 <Link to="/appsearch/Keyverifycode">密钥校验</Link> 页确认密钥是否有效及剩余次数。
            </Typography.Paragraph>
          </>
        ) : (
          <LoginPrompt what="申请 API 密钥，新用户赠送免费试用次数" />
        )}
      </Card>
    </App>
  );
}
