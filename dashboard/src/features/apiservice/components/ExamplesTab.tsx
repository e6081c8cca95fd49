// API page tab 4 (调用示例): call samples in several languages, with the key this browser created last filled in.
// Keys are created on their own tab (API 密钥, tab 5).
import { Alert, Tabs } from 'antd';
import { Link } from 'react-router-dom';
import { readStoredKey } from '../hooks/apiKeyStore';
import { exampleTabs } from '../samples';

export function ExamplesTab() {
  const key = readStoredKey();
  return (
    <div data-testid="examples-tab">
      <Alert
        className="block-gap"
        type="info"
        showIcon
        data-testid="examples-key-hint"
        title={
          <span>
            {key ? '示例已填入本浏览器最近创建的密钥。' : '示例中的密钥为占位符。'}在{' '}
            <Link to="/appsearch/interface?actnav=5">API 密钥</Link>{' '}
            标签创建或管理密钥，新用户赠送免费试用次数。
          </span>
        }
      />
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
