// 留言数据 (/appsearch/comment?mid=&days=&sort=): the articles with the most comments (留言) in the last 1/7/30
// days, for every account or one, sortable by comments, reads, comments per 1000 reads or time.
import { Button, Card, Flex, Radio, Space, Statistic, Table, type TableProps, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../../lib/format';
import {
  COMMENT_PAGE_SIZE,
  type CommentQuery,
  type CommentRow,
  type CommentSort,
  useCommentRank,
} from '../hooks/queries';
import '../tools.css';

const DAYS = [
  { value: 1, label: '近 1 天' },
  { value: 7, label: '近 7 天' },
  { value: 30, label: '近 30 天' },
];
const SORTS: { value: CommentSort; label: string }[] = [
  { value: 'comment', label: '按留言数' },
  { value: 'rate', label: '按留言率' },
  { value: 'read', label: '按阅读数' },
  { value: 'pubtime', label: '按发布时间' },
];

const rowProps = () => ({ 'data-testid': 'comment-row' }) as HTMLAttributes<HTMLElement>;

function columns(page: number): TableProps<CommentRow>['columns'] {
  return [
    {
      title: '排名',
      key: 'rank',
      width: 64,
      align: 'center',
      render: (_, __, i) => (page - 1) * COMMENT_PAGE_SIZE + i + 1,
    },
    {
      title: '文章',
      key: 'title',
      render: (_, r) => (
        <span>
          <Tag color={r.position === 1 ? 'red' : 'blue'}>{positionLabel(r.position)}</Tag>
          {r.original === 1 && <Tag color="gold">原创</Tag>}
          <Link to={`/appsearch/details?post=${encodeURIComponent(r.post)}`} data-testid="comment-title">
            {r.title || '（无标题）'}
          </Link>
        </span>
      ),
    },
    {
      title: '公众号',
      key: 'account',
      width: 180,
      render: (_, r) => (
        <Space size={6}>
          <AccountAvatar avatar={r.avatar} name={r.mp_name} size={24} />
          <Link to={accountDetailPath(r.mid)} onClick={markDetailNavigation}>
            {r.mp_name || '-'}
          </Link>
        </Space>
      ),
    },
    { title: '发布时间', dataIndex: 'pubtime', key: 'pubtime', width: 170 },
    {
      title: '留言',
      key: 'comment',
      width: 80,
      align: 'right',
      render: (_, r) => (
        <strong data-testid="comment-count" data-value={r.comment}>
          {formatTotal(r.comment)}
        </strong>
      ),
    },
    { title: '阅读', key: 'read', width: 80, align: 'right', render: (_, r) => formatCount(r.read) },
    { title: '在看', key: 'looking', width: 70, align: 'right', render: (_, r) => formatCount(r.looking) },
    {
      title: '千次阅读留言',
      key: 'rate',
      width: 110,
      align: 'right',
      render: (_, r) => formatRatio(r.comment_rate),
    },
  ];
}

const dayOf = (v: string | null): CommentQuery['days'] => (v === '1' ? 1 : v === '30' ? 30 : 7);
const sortOf = (v: string | null): CommentSort =>
  SORTS.some((s) => s.value === v) ? (v as CommentSort) : 'comment';

export function CommentPage() {
  const [params, setParams] = useSearchParams();
  const mid = Number(params.get('mid')) > 0 ? Number(params.get('mid')) : null;
  const q: CommentQuery = {
    mid,
    days: dayOf(params.get('days')),
    sort: sortOf(params.get('sort')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const set = (change: Partial<Record<'mid' | 'days' | 'sort' | 'page', string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };
  const rank = useCommentRank(q);
  const totals = rank.data?.totals;
  return (
    <Card title="留言数据" data-testid="comment-page">
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <AccountPicker
            value={account && account.mid === mid ? account : null}
            placeholder={mid ? `公众号 ${mid}` : '全部公众号（可搜索选择一个）'}
            testId="comment-account"
            onChange={(a) => {
              setAccount(a);
              set({ mid: String(a.mid) });
            }}
          />
          {mid !== null && (
            <Button
              onClick={() => {
                setAccount(null);
                set({ mid: null });
              }}
            >
              查看全部公众号
            </Button>
          )}
          <Radio.Group
            data-testid="comment-days"
            optionType="button"
            value={q.days}
            options={DAYS}
            onChange={(e) => set({ days: String(e.target.value) })}
          />
          <Radio.Group
            data-testid="comment-sort"
            value={q.sort}
            options={SORTS}
            onChange={(e) => set({ sort: e.target.value as string })}
          />
        </Flex>
        {totals && (
          <Flex gap={32} data-testid="comment-totals">
            <Statistic title="文章" value={formatTotal(totals.articles)} />
            <Statistic title="留言合计" value={formatTotal(totals.comments)} />
            <Statistic
              title="千次阅读留言"
              value={formatRatio(totals.reads > 0 ? (totals.comments * 1000) / totals.reads : 0)}
            />
          </Flex>
        )}
        {rank.isError ? (
          <RetryAlert message={rank.error.message} onRetry={() => rank.refetch()} />
        ) : (
          <Table
            rowKey="post"
            columns={columns(q.page)}
            dataSource={rank.data?.list ?? []}
            loading={rank.isFetching}
            onRow={rowProps}
            locale={{ emptyText: '该时间范围内没有采集到留言数据的文章' }}
            scroll={{ x: 1000 }}
            pagination={{
              current: q.page,
              pageSize: COMMENT_PAGE_SIZE,
              total: rank.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => set({ page: String(p) }),
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
