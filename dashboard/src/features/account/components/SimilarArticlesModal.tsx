// Similar-article table (spec §2): follow/v1 similar_article for one article. Header with a 头条 checkbox; rows show
// the position badge, title, avatar, relative quality, reads, likes, looks and a favourite dropdown of groups.
// 头条 asks the server for headline articles only (top=1), so the count and the pager cover them all.
import { Checkbox, Flex, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  SIMILAR_ARTICLE_PAGE_SIZE,
  type SimilarArticle,
  useSimilarArticles,
} from '../../../api/group-queries';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TabError } from '../../../components/gates/LevelLimit';
import { CollectDropdown } from '../../../components/groups/CollectArticle';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../../lib/format';

const columns: ColumnsType<SimilarArticle> = [
  {
    title: '位置',
    dataIndex: 'position',
    width: 80,
    render: (p: number) => (
      <Tag color={p === 1 ? 'red' : 'blue'} data-testid="similar-article-position">
        {positionLabel(p)}
      </Tag>
    ),
  },
  {
    title: '标题',
    dataIndex: 'title',
    render: (_: string, a) => (
      <a href={a.href} target="_blank" rel="noopener noreferrer" data-testid="similar-article-title">
        {a.title || '（无标题）'}
      </a>
    ),
  },
  {
    title: '公众号',
    dataIndex: 'mp_name',
    width: 170,
    render: (_: string, a) => (
      <Flex gap={6} align="center">
        <AccountAvatar avatar={a.avatar} name={a.mp_name} size={28} />
        <span>{a.mp_name}</span>
      </Flex>
    ),
  },
  {
    title: (
      <Tooltip title="阅读数 ÷ 该号平均阅读数">
        <span className="has-tooltip">相对阅读质量</span>
      </Tooltip>
    ),
    dataIndex: 'quality_num',
    width: 110,
    render: (v: number) => formatRatio(v),
  },
  { title: '阅读', dataIndex: 'read', width: 90, render: (v: number) => formatCount(v) },
  { title: '点赞', dataIndex: 'zan', width: 80, render: (v: number) => formatCount(v) },
  { title: '在看', dataIndex: 'looking', width: 80, render: (v: number) => formatCount(v) },
  {
    title: '收藏',
    key: 'favorite',
    width: 100,
    render: (_: unknown, a) => <CollectDropdown target={{ aid: a.aid, mid: a.mid, wxname: a.mp_name }} />,
  },
];

export function SimilarArticlesModal({
  open,
  onClose,
  article,
}: {
  open: boolean;
  onClose: () => void;
  article: { aid: string; mid: number; title: string };
}) {
  const [page, setPage] = useState(1);
  const [first, setFirst] = useState(false);
  const q = useSimilarArticles({ aid: article.aid, mid: article.mid, page, top: first }, open);
  const rows = q.data?.article_list ?? [];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="相似文章" width={1000} destroyOnHidden>
      <div data-testid="similar-articles">
        <Typography.Paragraph ellipsis className="similar-article-base">
          原文：<b>{article.title}</b>
        </Typography.Paragraph>
        <Flex justify="space-between" align="center" className="similar-article-head">
          <Checkbox
            checked={first}
            onChange={(e) => {
              setFirst(e.target.checked);
              setPage(1);
            }}
            data-testid="similar-article-first"
          >
            头条
          </Checkbox>
          <Typography.Text type="secondary" data-testid="similar-article-total">
            {q.data ? `共找到 ${formatTotal(q.data.total)} 篇相似文章` : ''}
          </Typography.Text>
        </Flex>
        {q.isError ? (
          <TabError error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <Table<SimilarArticle>
            size="small"
            rowKey={(a) => `${a.mid}:${a.aid}`}
            columns={columns}
            dataSource={rows}
            loading={q.isFetching}
            locale={{ emptyText: first ? '暂无头条相似文章' : '暂无相似文章' }}
            onRow={() => ({ 'data-testid': 'similar-article-row' }) as React.HTMLAttributes<HTMLElement>}
            pagination={{
              current: page,
              pageSize: SIMILAR_ARTICLE_PAGE_SIZE,
              total: q.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
          />
        )}
        {q.data?.rule && (
          <Typography.Paragraph type="secondary" className="similar-article-rule">
            {q.data.rule}
          </Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
}
