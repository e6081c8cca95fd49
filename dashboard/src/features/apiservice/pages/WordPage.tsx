// API 接口列表 (/appsearch/word): every open-API endpoint from the OpenAPI document, grouped by its tag, with its
// method, address, price and a link to its detail page.
import { Alert, Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useOpenApiDoc } from '../hooks/useOpenApiDoc';
import type { DocOperation } from '../openapi';
import '../apipages.css';

/** The operations grouped by tag, in the document's order. */
export function OperationTables({ ops }: { ops: DocOperation[] }) {
  const tags = [...new Set(ops.map((o) => o.tag))];
  return (
    <>
      {tags.map((tag) => (
        <div key={tag} data-testid={`word-group-${tag}`}>
          <Typography.Title level={5} className="apipages-tag-title">
            {tag}
          </Typography.Title>
          <Table<DocOperation>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={ops.filter((o) => o.tag === tag)}
            columns={[
              {
                title: '接口',
                dataIndex: 'summary',
                width: 200,
                render: (v: string, o) => (
                  <Link
                    to={`/appsearch/wordDetail?id=${encodeURIComponent(o.id)}`}
                    data-testid={`word-op-${o.id}`}
                  >
                    {v}
                  </Link>
                ),
              },
              {
                title: '方法',
                dataIndex: 'method',
                width: 80,
                render: (m: string) => <Tag color={m === 'GET' ? 'blue' : 'green'}>{m}</Tag>,
              },
              { title: '地址', dataIndex: 'url', render: (v: string) => <code>{v}</code> },
              { title: '计费', dataIndex: 'cost', width: 260 },
            ]}
          />
        </div>
      ))}
    </>
  );
}

export function WordPage() {
  const { doc, ops } = useOpenApiDoc();
  return (
    <Card title="API 接口列表" data-testid="api-word">
      <Typography.Paragraph>
        公众号、文章、监测、链接与视频号数据接口，按次计费，没有查到数据或调用失败时自动退还次数。点击接口名称查看参数、返回字段、错误码和调用示例，并可在线调试。
      </Typography.Paragraph>
      <Space wrap className="apipages-gap">
        <Link to="/appsearch/applicatio">
          <Button type="primary">申请 API 密钥</Button>
        </Link>
        <Link to="/wordVip">
          <Button>购买调用套餐</Button>
        </Link>
        <Link to="/appsearch/APIAssemble">
          <Button>接口文档与在线调试</Button>
        </Link>
        <Link to="/appsearch/Keyverifycode">
          <Button>密钥校验</Button>
        </Link>
      </Space>
      {doc.isPending && <Spin style={{ display: 'block', margin: 48 }} />}
      {doc.isError && (
        <Alert
          type="error"
          showIcon
          title="接口列表加载失败"
          action={<Button onClick={() => doc.refetch()}>重试</Button>}
        />
      )}
      {doc.data && (
        <>
          <Typography.Paragraph type="secondary" data-testid="word-count">
            共 {ops.length} 个接口
          </Typography.Paragraph>
          <OperationTables ops={ops} />
        </>
      )}
    </Card>
  );
}
