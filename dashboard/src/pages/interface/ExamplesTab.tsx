// API page tab 4 (调用示例): the member's API keys (create, revoke; a new key is shown once) and call samples
// in several languages with the chosen key filled in.
import { Alert, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../auth/session';
import { exampleTabs } from '../apipages/samples';
import { KeysPanel } from './KeysPanel';

export function ExamplesTab() {
  const session = useSession();
  const [key, setKey] = useState('');
  return (
    <div data-testid="examples-tab">
      <h3>API 密钥</h3>
      {session ? (
        <KeysPanel onNewKey={setKey} />
      ) : (
        <Alert
          className="block-gap"
          type="info"
          showIcon
          title="登录后可在此创建 API 密钥，新用户赠送免费试用次数"
        />
      )}
      <h3>调用示例</h3>
      <p className="center-muted">
        请求头 <code>X-Api-Key</code>（或查询参数 <code>key</code>）携带密钥；返回{' '}
        <code>{'{error_code, msg, data}'}</code>
        ，余额不足为 40201。其余接口见 <Link to="/appsearch/APIAssemble">API 接口文档</Link>
        ，完整可运行的程序见 <Link to="/pythonDemo">Python</Link>、<Link to="/phpDemo">PHP</Link>、
        <Link to="/cDemo">C</Link>、<Link to="/javaDemo">Java</Link> 示例页。
      </p>
      <Tabs
        items={exampleTabs(window.location.origin, key).map((s) => ({
          key: s.key,
          label: s.label,
          children: (
            <pre className="center-code" data-testid={`sample-${s.key}`}>
              {s.code}
            </pre>
          ),
        }))}
      />
    </div>
  );
}
