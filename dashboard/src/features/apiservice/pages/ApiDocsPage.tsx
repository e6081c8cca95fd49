// API 接口文档 (/appsearch/APIAssemble): the open API's endpoints, read from its OpenAPI document, with a
// "try it" form that calls the real API with the member's key.
import { Alert, Button, Card, Col, Empty, Input, Menu, Row, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, apiPostForm, readAccessToken } from '../../../api/client';
import { OperationView } from '../components/OperationView';
import { readStoredKey, storeKey } from '../hooks/apiKeyStore';
import { useOpenApiDoc } from '../hooks/useOpenApiDoc';
import { OPENAPI_URL } from '../openapi';

export function ApiDocsPage() {
  const { doc, ops } = useOpenApiDoc();
  const [selected, setSelected] = useState<string>('');
  const [apiKey, setApiKey] = useState(readStoredKey);
  const [keyError, setKeyError] = useState('');
  const [creating, setCreating] = useState(false);
  const op = ops.find((o) => o.id === selected) ?? ops[0];

  const saveKey = (k: string) => {
    setApiKey(k);
    storeKey(k);
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
