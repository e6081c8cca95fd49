// 长链接转短链接 (/appsearch/langchinge): make our own short link for an article link (tools/v1 short_link), and the
// member's short links with their visit counts; /t/<code> redirects and counts each visit.
import { Alert, Card, Flex, Table, type TableProps, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { ArticleUrlForm } from '../components/ArticleUrlForm';
import { SHORT_LINK_PAGE_SIZE, type ShortLink, useCreateShortLink, useShortLinks } from '../hooks/queries';
import '../tools.css';

const rowProps = () => ({ 'data-testid': 'short-link-row' }) as HTMLAttributes<HTMLElement>;

const columns: TableProps<ShortLink>['columns'] = [
  {
    title: '短链接',
    key: 'short_url',
    width: 280,
    render: (_, r) => (
      <Typography.Text copyable={{ text: r.short_url }} data-testid="short-link-url">
        {r.short_url}
      </Typography.Text>
    ),
  },
  {
    title: '原链接',
    key: 'url',
    render: (_, r) => (
      <a className="tool-break" href={r.url} target="_blank" rel="noopener noreferrer">
        {r.url}
      </a>
    ),
  },
  {
    title: '访问次数',
    key: 'hits',
    width: 96,
    align: 'right',
    render: (_, r) => (
      <span data-testid="short-link-hits" data-value={r.hits}>
        {r.hits}
      </span>
    ),
  },
  { title: '创建时间', key: 'created_at', dataIndex: 'created_at', width: 170 },
];

function ShortLinks() {
  const [page, setPage] = useState(1);
  const create = useCreateShortLink();
  const list = useShortLinks(page, true);
  return (
    <Flex vertical gap={16}>
      <ArticleUrlForm
        value=""
        button="生成短链接"
        placeholder="粘贴公众号文章链接（永久链接或短链接）"
        loading={create.isPending}
        onSubmit={(url) => {
          if (!url.trim()) return;
          create.mutate(url.trim(), { onSuccess: () => setPage(1) });
        }}
      />
      {create.isError && (
        <Alert type="error" showIcon title={create.error.message} data-testid="link-error" />
      )}
      {create.data && (
        <Alert
          type="success"
          showIcon
          data-testid="short-link-made"
          title={create.data.created ? '短链接已生成' : '该链接已有短链接'}
          description={
            <Typography.Paragraph copyable={{ text: create.data.short_url }} style={{ margin: 0 }}>
              <span data-testid="short-link-new">{create.data.short_url}</span>
            </Typography.Paragraph>
          }
        />
      )}
      <Card size="small" title="我的短链接">
        {list.isError ? (
          <Alert type="error" showIcon title={list.error.message} />
        ) : (
          <Table
            rowKey="code"
            size="small"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isFetching}
            onRow={rowProps}
            locale={{ emptyText: '还没有短链接' }}
            scroll={{ x: 760 }}
            pagination={{
              current: page,
              pageSize: SHORT_LINK_PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        )}
      </Card>
    </Flex>
  );
}

export function ShortLinkPage() {
  return (
    <Card title="长链接转短链接" data-testid="langchinge-page">
      <Typography.Paragraph type="secondary">
        为公众号文章链接生成本站短链接，便于在短信、海报中分享；打开短链接会跳转到原文，并记录访问次数。
      </Typography.Paragraph>
      <MemberOnly what="生成短链接">
        <ShortLinks />
      </MemberOnly>
    </Card>
  );
}
