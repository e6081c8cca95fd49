// API page tab 5 (API 密钥): the member's API keys in a place of their own (create, revoke; a new key is shown once
// and kept in this browser, so the 调用示例 tab and the docs pages fill it in).
import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { storeKey } from '../hooks/apiKeyStore';
import { KeysPanel } from './KeysPanel';

export function KeysTab() {
  return (
    <div data-testid="keys-tab">
      <Typography.Paragraph className="center-muted">
        最多同时保留 5 个有效密钥；调用时放在请求头 X-Api-Key 中。新建的密钥只显示一次，并记在本浏览器，
        <Link to="/appsearch/interface?actnav=4">调用示例</Link>与接口文档页自动填入。
      </Typography.Paragraph>
      <KeysPanel onNewKey={storeKey} />
    </div>
  );
}
