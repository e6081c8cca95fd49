// 在线调试: calls one open-API endpoint with the member's key and shows the answer as it came, plus the curl line.
import { Alert, Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { DocOperation } from '../openapi';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** The request the form describes: query string for GET, JSON body for POST; blank fields are left out. */
function buildRequest(op: DocOperation, values: Record<string, string>) {
  const filled = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const url = new URL(op.url, window.location.origin);
  if (op.method === 'GET') for (const [k, v] of Object.entries(filled)) url.searchParams.set(k, v.trim());
  const body = op.method === 'POST' ? JSON.stringify(filled) : undefined;
  return { url: url.toString(), body };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function TryIt({ op, apiKey }: { op: DocOperation; apiKey: string }) {
  const [form] = Form.useForm<Record<string, string>>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(op.fields.map((f) => [f.name, f.required ? f.example : ''])),
  );
  const req = buildRequest(op, values);
  const curl = [
    `curl -s${op.method === 'POST' ? ' -X POST' : ''} ${shellQuote(req.url)}`,
    `-H ${shellQuote(`X-Api-Key: ${apiKey || '<你的密钥>'}`)}`,
    ...(req.body ? [`-H 'content-type: application/json'`, `-d ${shellQuote(req.body)}`] : []),
  ].join(' \\\n  ');

  const send = async () => {
    if (!apiKey) {
      setError('请先填写 API 密钥');
      return;
    }
    setError('');
    setBusy(true);
    const started = performance.now();
    try {
      const res = await fetch(req.url, {
        method: op.method,
        headers: {
          'X-Api-Key': apiKey,
          Accept: 'application/json',
          ...(req.body ? { 'content-type': 'application/json' } : {}),
        },
        body: req.body,
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      setAnswer({ status: res.status, body: pretty, ms: Math.round(performance.now() - started) });
    } catch {
      setError('请求失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="try-it" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>在线调试</Typography.Title>
      <Typography.Paragraph type="secondary">
        用你的密钥真实调用，会按上面的价格扣除次数。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={values}
        onValuesChange={(_, all) => setValues(all as Record<string, string>)}
      >
        {op.fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.name} tooltip={f.description} required={f.required}>
            <Input aria-label={f.name} placeholder={f.example || f.type} style={{ width: 220 }} />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" onClick={send} loading={busy} data-testid="try-send">
            发送请求
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph style={{ marginTop: 12 }}>
        <pre style={{ background: '#f6f8fa', padding: 12, overflowX: 'auto' }}>{curl}</pre>
      </Typography.Paragraph>
      {error && <Alert type="warning" showIcon title={error} />}
      {answer && (
        <div data-testid="try-answer">
          <Space>
            <Tag color={answer.status === 200 ? 'green' : 'red'}>HTTP {answer.status}</Tag>
            <Typography.Text type="secondary">{answer.ms} 毫秒</Typography.Text>
          </Space>
          <pre style={{ background: '#f6f8fa', padding: 12, maxHeight: 480, overflow: 'auto' }}>
            {answer.body}
          </pre>
        </div>
      )}
    </div>
  );
}
