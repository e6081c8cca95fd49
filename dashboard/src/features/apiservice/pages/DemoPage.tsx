// Code-sample pages (/pythonDemo, /phpDemo, /cDemo, /javaDemo): a complete program for one language that calls
// the real open API (search → the first account's articles → balance), with this site's origin and the member's
// key filled in (the key kept in this browser, or a new one created here), how to run it and what it prints.
import { Alert, App, Button, Card, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, apiPostForm } from '../../../api/client';
import { useSession } from '../../../auth/session';
import { readStoredKey, storeKey } from '../hooks/apiKeyStore';
import { DEFAULT_KEYWORD, PLACEHOLDER_KEY, PROGRAMS, type ProgramSample } from '../samples';
import '../apipages.css';

function download(filename: string, code: string) {
  const href = URL.createObjectURL(new Blob([code], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function KeyLine({ apiKey, onKey }: { apiKey: string; onKey: (k: string) => void }) {
  const session = useSession();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const r = await apiPostForm<{ key: string }>('/api/v1/api_keys', { name: '代码示例' });
      onKey(r.key);
      message.success('已创建新密钥并填入示例');
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : '请求失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap className="apipages-gap">
      <span>API 密钥：</span>
      <Input.Password
        aria-label="API 密钥"
        placeholder={PLACEHOLDER_KEY}
        value={apiKey}
        onChange={(e) => onKey(e.target.value.trim())}
        style={{ width: 340 }}
      />
      {session ? (
        <Button onClick={create} loading={busy} data-testid="demo-create-key">
          创建密钥并填入
        </Button>
      ) : (
        <Typography.Text type="secondary">
          登录后可创建密钥并自动填入；未填写时示例中为占位符 {PLACEHOLDER_KEY}
        </Typography.Text>
      )}
    </Space>
  );
}

function DemoBody({ program }: { program: ProgramSample }) {
  const navigate = useNavigate();
  const [apiKey, setApiKey] = useState(readStoredKey);
  const [keyword, setKeyword] = useState(DEFAULT_KEYWORD);
  const onKey = (k: string) => {
    setApiKey(k);
    storeKey(k);
  };
  const code = program.code({
    origin: window.location.origin,
    apiKey,
    keyword: keyword.trim() || DEFAULT_KEYWORD,
  });
  return (
    <Card title={`${program.label} 调用示例`} data-testid="demo-page">
      <Tabs
        activeKey={program.key}
        onChange={(k) => navigate(PROGRAMS.find((p) => p.key === k)?.route ?? '/pythonDemo')}
        items={PROGRAMS.map((p) => ({ key: p.key, label: p.label }))}
      />
      <Typography.Paragraph>
        一个完整、可直接运行的程序：{program.prints}只用该语言的标准工具，不需要额外的第三方库。接口说明见{' '}
        <Link to="/appsearch/word">API 接口列表</Link>。
      </Typography.Paragraph>
      <KeyLine apiKey={apiKey} onKey={onKey} />
      <Space wrap className="apipages-gap">
        <span>搜索关键词：</span>
        <Input
          aria-label="搜索关键词"
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 200 }}
        />
      </Space>
      {!apiKey && (
        <Alert
          className="apipages-gap"
          type="info"
          showIcon
          title={`示例中的密钥为占位符 ${PLACEHOLDER_KEY}，运行前请换成你的密钥`}
        />
      )}
      <Typography.Title level={5}>1. 准备环境</Typography.Title>
      <Typography.Paragraph>
        Debian / Ubuntu：<code>apt install {program.packages.split('（')[0]}</code>
        {program.packages.includes('（') && `（${program.packages.split('（')[1]}`}
      </Typography.Paragraph>
      <Typography.Title level={5}>
        2. 保存为 <code>{program.filename}</code>
      </Typography.Title>
      <Space className="apipages-gap">
        <Typography.Text copyable={{ text: code }}>复制代码</Typography.Text>
        <Button size="small" onClick={() => download(program.filename, code)}>
          下载 {program.filename}
        </Button>
      </Space>
      <pre className="apipages-code" data-testid="demo-code">
        {code}
      </pre>
      <Typography.Title level={5}>3. 运行</Typography.Title>
      <pre className="apipages-code" data-testid="demo-run">
        {program.run.join('\n')}
      </pre>
      <Typography.Title level={5}>4. 输出</Typography.Title>
      <Typography.Paragraph>
        {program.prints} 每次成功调用按 <Link to="/appsearch/word">接口计费</Link>扣除次数（search、articles
        各 1 次，balance 免费）；出错时打印中文说明与错误码并退出。
      </Typography.Paragraph>
    </Card>
  );
}

function DemoPage({ lang }: { lang: ProgramSample['key'] }) {
  const program = PROGRAMS.find((p) => p.key === lang) as ProgramSample;
  return (
    <App component={false}>
      <DemoBody key={lang} program={program} />
    </App>
  );
}

export const PythonDemoPage = () => <DemoPage lang="python" />;
export const PhpDemoPage = () => <DemoPage lang="php" />;
export const CDemoPage = () => <DemoPage lang="c" />;
export const JavaDemoPage = () => <DemoPage lang="java" />;
