// 单日数据 (/appsearch/singleDay?mid=&date=): one account's posts of one day with positions and counters, and the
// day's totals (search/v1 detail_pubList/time over that day). Defaults: the member's first favourite account, and
// the account's latest posting day.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Empty, Flex, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { fetchHistoryArticles } from '../../../api/endpoints';
import { useFavoriteAccounts } from '../../../api/group-queries';
import { useAccountDetail } from '../../../api/queries';
import type { HistoryArticle } from '../../../api/types';
import { useSession } from '../../../auth/session';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { AccountPicker } from '../../../components/AccountPicker';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountDetailPath, accountName, markDetailNavigation } from '../../../lib/account';
import { formatCount, formatRatio, formatTotal, positionLabel } from '../../../lib/format';
import '../tools.css';

/** detail_pubList pages are at most 20; a day rarely has more, and at most this many pages are read. */
const PAGE = 20;
const MAX_PAGES = 5;

type DayArticle = HistoryArticle & { postTime: string };

/** Every article of the account on `date`, in the order of the history list (newest push first). */
function useDayArticles(mid: number | null, date: string) {
  return useQuery({
    queryKey: ['single-day', mid, date],
    queryFn: async ({ signal }) => {
      const out: DayArticle[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await fetchHistoryArticles(
          {
            mId: mid as number,
            page,
            num: PAGE,
            kw: '',
            kw_type: 'title',
            is_hot: 0,
            top: 0,
            start_time: date,
            end_time: date,
          },
          signal,
        );
        for (const g of r.article_list) for (const a of g.articles) out.push({ ...a, postTime: g.postTime });
        if (out.length >= r.total || r.article_list.length === 0) break;
      }
      return out;
    },
    enabled: mid !== null && date !== '',
    retry: false,
  });
}

const rowProps = () => ({ 'data-testid': 'single-day-row' }) as HTMLAttributes<HTMLElement>;

function DayTotals({ rows }: { rows: DayArticle[] }) {
  const sum = (f: (a: DayArticle) => number) => rows.reduce((s, a) => s + f(a), 0);
  const pushes = new Set(rows.map((a) => a.postTime)).size;
  const head = rows.filter((a) => a.position === 1);
  return (
    <Row gutter={[16, 16]} data-testid="single-day-totals">
      {(
        [
          ['发文次数', pushes, 'pushes'],
          ['文章数', rows.length, 'articles'],
          ['总阅读', sum((a) => a.read), 'read'],
          ['总点赞', sum((a) => a.zan), 'zan'],
          ['总在看', sum((a) => a.looking), 'looking'],
          ['头条阅读', head.reduce((s, a) => s + a.read, 0), 'head'],
        ] as const
      ).map(([title, value, key]) => (
        <Col key={key} xs={12} sm={8} md={4}>
          <Statistic
            title={title}
            value={formatTotal(value)}
            data-testid={`single-day-${key}`}
            data-value={value}
          />
        </Col>
      ))}
    </Row>
  );
}

function Day({ mid, date, onDate }: { mid: number; date: string; onDate: (d: string) => void }) {
  const detail = useAccountDetail(mid);
  const lastDay = detail.data?.account.pubtime?.slice(0, 10) ?? '';
  const day = date || lastDay;
  const q = useDayArticles(mid, day);
  const a = detail.data?.account;
  return (
    <Flex vertical gap={16}>
      {a && (
        <Space size={8} wrap>
          <AccountAvatar avatar={a.avatar} name={accountName(a)} size={32} />
          <Link to={accountDetailPath(mid)} onClick={markDetailNavigation} data-testid="single-day-account">
            {accountName(a)}
          </Link>
          <span className="muted">最近发文 {a.pubtime || '-'}</span>
          <DatePicker
            data-testid="single-day-date"
            allowClear={false}
            value={day ? dayjs(day) : null}
            onChange={(d) => d && onDate(d.format('YYYY-MM-DD'))}
          />
        </Space>
      )}
      {detail.isError ? (
        <RetryAlert message={detail.error.message} onRetry={() => detail.refetch()} />
      ) : detail.data && !day ? (
        <Empty description="该公众号还没有已采集的文章" />
      ) : q.isError ? (
        <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />
      ) : (
        <>
          <DayTotals rows={q.data ?? []} />
          <Table<DayArticle>
            rowKey="aid"
            size="small"
            loading={q.isFetching || detail.isPending}
            dataSource={q.data ?? []}
            onRow={rowProps}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: `${day} 没有发文` }}
            columns={[
              { title: '发布时间', dataIndex: 'postTime', key: 'postTime', width: 170 },
              {
                title: '位置',
                key: 'position',
                width: 80,
                render: (_, r) => (
                  <Tag color={r.position === 1 ? 'red' : 'blue'}>{positionLabel(r.position)}</Tag>
                ),
              },
              {
                title: '标题',
                key: 'title',
                render: (_, r) => (
                  <Link
                    to={`/appsearch/details?post=${encodeURIComponent(`${mid}_${r.aid}`)}`}
                    data-testid="single-day-title"
                  >
                    {r.title || '（无标题）'}
                  </Link>
                ),
              },
              {
                title: '阅读',
                key: 'read',
                width: 80,
                align: 'right',
                render: (_, r) => formatCount(r.read),
              },
              { title: '点赞', key: 'zan', width: 70, align: 'right', render: (_, r) => formatCount(r.zan) },
              {
                title: '在看',
                key: 'looking',
                width: 70,
                align: 'right',
                render: (_, r) => formatCount(r.looking),
              },
              {
                title: '相对阅读质量',
                key: 'quality',
                width: 110,
                align: 'right',
                render: (_, r) => formatRatio(r.quality_num),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

export function SingleDayPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const favs = useFavoriteAccounts(session !== null && !params.get('mid'));
  const firstFav = favs.data?.flatMap((g) => g.account_list)[0]?.mid ?? null;
  const mid = Number(params.get('mid')) > 0 ? Number(params.get('mid')) : firstFav;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') as string) : '';
  return (
    <Card title="单日数据" data-testid="singleday-page">
      <Flex vertical gap={16}>
        <Space wrap>
          <AccountPicker
            value={null}
            testId="single-day-picker"
            placeholder="输入公众号名称或微信号，查看它某一天的发文"
            onChange={(a) => setParams({ mid: String(a.mid), ...(date ? { date } : {}) })}
          />
        </Space>
        {mid === null ? (
          <Typography.Paragraph type="secondary" data-testid="tool-hint">
            选择一个公众号，查看它某一天发布的全部文章（位置、阅读、点赞、在看）与当天合计；登录后默认显示收藏的第一个公众号。
          </Typography.Paragraph>
        ) : (
          <Day key={mid} mid={mid} date={date} onDate={(d) => setParams({ mid: String(mid), date: d })} />
        )}
      </Flex>
    </Card>
  );
}
