// API 接口文档 (/appsearch/APIAssemble): the open API's endpoints, read from its OpenAPI document, with a
// "try it" form that calls the real API with the member's key.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Input, Menu, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError, apiPostForm, readAccessToken } from '../api/client';
import { type DocOperation, OPENAPI_URL, type OpenApiDoc, operationsOf } from './apidocs/openapi';
import { TryIt } from './apidocs/TryIt';

const KEY_STORAGE = 'openApiKey';

function readStoredKey(): string {
  try {
    return localStorage.getItem(KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

async function loadDoc(): Promise<OpenApiDoc> {
  const res = await fetch(OPENAPI_URL, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new ApiError('接口文档加载失败');
  return (await res.json()) as OpenApiDoc;
}

export function ApiDocsPage() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: loadDoc, staleTime: Number.POSITIVE_INFINITY });
  const ops = useMemo(() => (doc.data ? operationsOf(doc.data) : []), [doc.data]);
  const [selected, setSelected] = useState<string>('');
  const [apiKey, setApiKey] = useState(readStoredKey);
  const [keyError, setKeyError] = useState('');
  const [creating, setCreating] = useState(false);
  const op = ops.find((o) => o.id === selected) ?? ops[0];

  const saveKey = (k: string) => {
    setApiKey(k);
    try {
      localStorage.setItem(KEY_STORAGE, k);
    } catch {
      // storage unavailable: the key lives for this page only
    }
  };

  const createKey = async () => {
    setCreating(true);
    setKeyError('');
    try {
      const r = await apiPostForm<{ key: string }>('/api/v1/api_keys', { name: '接口文档' });
      saveKey(r.key);
    } catch (e) {
      setKeyError(e instanceof ApiError ? e.message : '请求失败');
    } finally {
      setCreating(false);
    }
  };

  if (doc.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (doc.isError || !doc.data)
    return (
      <Alert
        type="error"
        showIcon
        title="接口文档加载失败"
        action={<Button onClick={() => doc.refetch()}>重试</Button>}
      />
    );

  const tags = [...new Set(ops.map((o) => o.tag))];
  const loggedIn = readAccessToken() !== '';

  return (
    <Card title={`${doc.data.info.title}（v${doc.data.info.version}）`} data-testid="api-docs">
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
        {doc.data.info.description}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <span>API 密钥：</span>
        <Input.Password
          aria-label="API 密钥"
          placeholder="gzh_…"
          value={apiKey}
          onChange={(e) => saveKey(e.target.value.trim())}
          style={{ width: 360 }}
        />
        {loggedIn ? (
          <Button onClick={createKey} loading={creating}>
            创建新密钥
          </Button>
        ) : (
          <Typography.Text type="secondary">登录后可在此创建密钥</Typography.Text>
        )}
        <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
          下载 OpenAPI 文档（JSON）
        </a>
      </Space>
      {keyError && <Alert type="error" showIcon title={keyError} style={{ marginBottom: 16 }} />}
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Menu
            mode="inline"
            selectedKeys={op ? [op.id] : []}
            onClick={(e) => setSelected(e.key)}
            items={tags.map((tag) => ({
              type: 'group' as const,
              label: tag,
              key: `tag-${tag}`,
              children: ops.filter((o) => o.tag === tag).map((o) => ({ key: o.id, label: o.summary })),
            }))}
          />
        </Col>
        <Col xs={24} md={18}>
          {op ? <OperationView key={op.id} op={op} apiKey={apiKey} /> : <Empty />}
        </Col>
      </Row>
    </Card>
  );
}

function OperationView({ op, apiKey }: { op: DocOperation; apiKey: string }) {
  return (
    <div data-testid={`op-${op.id}`}>
      <Typography.Title level={4}>{op.summary}</Typography.Title>
      <Space style={{ marginBottom: 8 }} wrap>
        <Tag color={op.method === 'GET' ? 'blue' : 'green'}>{op.method}</Tag>
        <Typography.Text code copyable>
          {op.url}
        </Typography.Text>
        <Tag color="gold">计费：{op.cost}</Tag>
      </Space>
      <Typography.Paragraph>{op.description}</Typography.Paragraph>
      <Typography.Title level={5}>
        {op.method === 'GET' ? '查询参数' : '请求体（JSON 或表单）'}
      </Typography.Title>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={op.fields}
        locale={{ emptyText: '无参数' }}
        columns={[
          {
            title: '参数',
            dataIndex: 'name',
            width: 120,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '类型', dataIndex: 'type', width: 110 },
          { title: '必填', dataIndex: 'required', width: 60, render: (v: boolean) => (v ? '是' : '否') },
          { title: '说明', dataIndex: 'description' },
          {
            title: '示例',
            dataIndex: 'example',
            width: 240,
            render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v}</span>,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        返回字段（data 内）
      </Typography.Title>
      <Table
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={op.answer}
        columns={[
          {
            title: '字段',
            dataIndex: 'path',
            width: 220,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: '类型', dataIndex: 'type', width: 160 },
          { title: '说明', dataIndex: 'description' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        每个成功的回答为 {'{ error_code: 0, msg: "success", data, remaining }'}，remaining
        为调用后的剩余次数。出错时：
        {op.errors.map((e) => `${e.status} ${e.description}`).join('；')}。
      </Typography.Paragraph>
      <TryIt op={op} apiKey={apiKey} />
    </div>
  );
}
