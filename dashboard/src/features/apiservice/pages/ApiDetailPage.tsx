// 接口详情 (/appsearch/wordDetail?id=<operationId>) and the pages preset to one endpoint (/appsearch/ApiWXAccountSearch,
// /appsearch/ApiWXLinkShort2Long, /appsearch/D1–D3): method, address, parameters, answer fields, errors, price,
// call samples with the member's key and the 在线调试 form. Without a known id: a picker and the list.
import { Alert, Button, Card, Input, Select, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { OperationView } from '../components/OperationView';
import { readStoredKey, storeKey } from '../hooks/apiKeyStore';
import { useOpenApiDoc } from '../hooks/useOpenApiDoc';
import type { DocOperation } from '../openapi';
import { endpointSamples } from '../samples/endpoint';
import { OperationTables } from './WordPage';
import '../apipages.css';

function EndpointSamples({ op, apiKey }: { op: DocOperation; apiKey: string }) {
  // The required fields with their documented examples; where the fields are alternatives (finder_id or mid), none
  // is required, so the first with a complete example stands for them.
  const required = op.fields.filter((f) => f.required);
  const alternative = op.fields.find((f) => f.example !== '' && !f.example.includes('…'));
  const chosen = required.length > 0 || !alternative ? required : [alternative];
  const params = Object.fromEntries(chosen.map((f) => [f.name, f.example]));
  const samples = endpointSamples({
    method: op.method,
    url: `${window.location.origin}${op.url}`,
    params,
    apiKey,
  });
  return (
    <div data-testid="endpoint-samples" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>调用示例</Typography.Title>
      <Tabs
        items={samples.map((s) => ({
          key: s.key,
          label: s.label,
          children: (
            <>
              <Typography.Text copyable={{ text: s.code }}>复制代码</Typography.Text>
              <pre className="apipages-code" data-testid={`endpoint-sample-${s.key}`}>
                {s.code}
              </pre>
            </>
          ),
        }))}
      />
    </div>
  );
}

function KeyBar({ apiKey, onChange }: { apiKey: string; onChange: (k: string) => void }) {
  const session = useSession();
  return (
    <Space wrap className="apipages-gap">
      <span>API 密钥：</span>
      <Input.Password
        aria-label="API 密钥"
        placeholder="gzh_…"
        value={apiKey}
        onChange={(e) => onChange(e.target.value.trim())}
        style={{ width: 360 }}
      />
      <Link to="/appsearch/applicatio">{session ? '没有密钥？去申请' : '登录后申请密钥'}</Link>
      <Link to="/appsearch/Keyverifycode">校验密钥</Link>
    </Space>
  );
}

function Picker({ ops, asked }: { ops: DocOperation[]; asked: string }) {
  const navigate = useNavigate();
  return (
    <div data-testid="detail-picker">
      {asked && (
        <Alert
          className="apipages-gap"
          type="warning"
          showIcon
          title={`没有找到接口「${asked}」，请从下面选择`}
        />
      )}
      <Space className="apipages-gap" wrap>
        <span>选择接口：</span>
        <Select
          showSearch
          style={{ width: 320 }}
          placeholder="按名称搜索接口"
          optionFilterProp="label"
          aria-label="选择接口"
          options={ops.map((o) => ({ value: o.id, label: `${o.tag} · ${o.summary}` }))}
          onChange={(id: string) => navigate(`/appsearch/wordDetail?id=${encodeURIComponent(id)}`)}
        />
      </Space>
      <OperationTables ops={ops} />
    </div>
  );
}

export function ApiDetailPage({ preset }: { preset?: string }) {
  const [params] = useSearchParams();
  const asked = preset ?? params.get('id') ?? '';
  const { doc, ops } = useOpenApiDoc();
  const [apiKey, setApiKey] = useState(readStoredKey);
  const op = ops.find((o) => o.id === asked);
  const saveKey = (k: string) => {
    setApiKey(k);
    storeKey(k);
  };

  if (doc.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (doc.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="接口文档加载失败"
        action={<Button onClick={() => doc.refetch()}>重试</Button>}
      />
    );
  return (
    <Card
      title={op ? `${op.summary} · 接口详情` : '接口详情'}
      extra={<Link to="/appsearch/word">全部接口</Link>}
      data-testid="api-detail"
    >
      {op ? (
        <>
          <KeyBar apiKey={apiKey} onChange={saveKey} />
          <OperationView
            key={op.id}
            op={op}
            apiKey={apiKey}
            beforeTry={<EndpointSamples op={op} apiKey={apiKey} />}
          />
        </>
      ) : (
        <Picker ops={ops} asked={asked} />
      )}
    </Card>
  );
}

// The spec's pages of single endpoints.
export const WordDetailPage = () => <ApiDetailPage />;
export const AccountSearchApiPage = () => <ApiDetailPage preset="search" />;
export const LinkShort2LongApiPage = () => <ApiDetailPage preset="link_short2long" />;
export const VideoSearchApiPage = () => <ApiDetailPage preset="video_search" />;
export const VideoAccountApiPage = () => <ApiDetailPage preset="video_account" />;
export const VideoPostsApiPage = () => <ApiDetailPage preset="video_posts" />;
