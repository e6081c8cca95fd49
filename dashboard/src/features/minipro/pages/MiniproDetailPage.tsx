// 小程序详情 (/appsearch/appdetail?appid=): the mini-program's figures, the articles and accounts that embed it,
// and the mini-programs of the same owner (owner information: deluxe members and above).
import { App as AntApp, Button, Card, Descriptions, Empty, Radio, Statistic, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { TabError } from '../../../components/gates/LevelLimit';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { FavoritePicker } from '../../../components/groups/FavoritePicker';
import { RetryAlert } from '../../../components/RetryAlert';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatTotal, positionLabel } from '../../../lib/format';
import {
  type MiniproAccount,
  type MiniproArticle,
  RANK_PAGE_SIZE,
  useMiniproAccounts,
  useMiniproArticles,
  useMiniproDetail,
  useSameOwnerMinipros,
} from '../../ranks';
import { MiniproIcon, MiniproTable } from '../components/MiniproTable';
import '../../../components/styles/ranks.css';

const pager = (page: number, total: number, onChange: (p: number) => void, unit: string) => ({
  current: page,
  pageSize: RANK_PAGE_SIZE,
  total,
  showSizeChanger: false,
  showTotal: (n: number) => `共 ${formatTotal(n)} ${unit}`,
  onChange,
});

function AccountLink({ mid, name, avatar }: { mid: number; name: string; avatar: string }) {
  return (
    <span className="account-cell">
      <AccountAvatar avatar={avatar} name={name} size={28} />
      <Link to={accountDetailPath(mid)} onClick={markDetailNavigation} data-testid="minipro-account-link">
        {name || '-'}
      </Link>
    </span>
  );
}

function ArticlesTab({ appid }: { appid: string }) {
  const [orderby, setOrderby] = useState<'pubtime' | 'read'>('pubtime');
  const [page, setPage] = useState(1);
  const q = useMiniproArticles(appid, orderby, page);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <>
      <Radio.Group
        data-testid="minipro-article-sort"
        className="block-gap"
        value={orderby}
        options={[
          { value: 'pubtime', label: '按发布时间' },
          { value: 'read', label: '按阅读' },
        ]}
        onChange={(e) => {
          setOrderby(e.target.value);
          setPage(1);
        }}
      />
      <Table<MiniproArticle>
        rowKey={(a) => `${a.mid}_${a.aid}`}
        dataSource={q.data?.article_list ?? []}
        loading={q.isPending || q.isFetching}
        onRow={() => ({ 'data-testid': 'minipro-article-row' }) as never}
        locale={{ emptyText: '暂无嵌入该小程序的文章' }}
        scroll={{ x: 860 }}
        pagination={pager(page, q.data?.total ?? 0, setPage, '篇文章')}
        columns={[
          {
            title: '文章',
            key: 'title',
            render: (_, a) => (
              <span className="list-title-cell">
                <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
                <a
                  href={a.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="minipro-article-title"
                >
                  {a.title || '（无标题）'}
                </a>
              </span>
            ),
          },
          {
            title: '公众号',
            key: 'account',
            width: 180,
            render: (_, a) => <AccountLink mid={a.mid} name={a.mp_name} avatar={a.avatar} />,
          },
          { title: '发布时间', dataIndex: 'pubtime', width: 150, render: (t: string) => t.slice(0, 16) },
          {
            title: '阅读',
            dataIndex: 'read',
            width: 90,
            align: 'right',
            render: (v: number) => formatTotal(v),
          },
          {
            title: '点赞',
            dataIndex: 'zan',
            width: 70,
            align: 'right',
            render: (v: number) => formatTotal(v),
          },
          {
            title: '在看',
            dataIndex: 'looking',
            width: 70,
            align: 'right',
            render: (v: number) => formatTotal(v),
          },
        ]}
      />
    </>
  );
}

function AccountsTab({ appid }: { appid: string }) {
  const [page, setPage] = useState(1);
  const q = useMiniproAccounts(appid, page);
  if (q.isError) return <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />;
  return (
    <Table<MiniproAccount>
      rowKey="mid"
      dataSource={q.data?.accounts ?? []}
      loading={q.isPending || q.isFetching}
      onRow={() => ({ 'data-testid': 'minipro-account-row' }) as never}
      locale={{ emptyText: '暂无公众号嵌入该小程序' }}
      pagination={pager(page, q.data?.total ?? 0, setPage, '个公众号')}
      scroll={{ x: 760 }}
      columns={[
        {
          title: '公众号',
          key: 'account',
          render: (_, a) => <AccountLink mid={a.mid} name={a.mp_name} avatar={a.avatar} />,
        },
        { title: '微信号', dataIndex: 'wxid', width: 140 },
        { title: '行业', dataIndex: 'media', width: 80, render: (v: string) => v || '-' },
        { title: '嵌入文章', dataIndex: 'article_num', width: 90, align: 'right' },
        {
          title: '文章阅读合计',
          dataIndex: 'exposure_num',
          width: 120,
          align: 'right',
          render: (v: number) => formatTotal(v),
        },
        { title: '最近嵌入', dataIndex: 'last_pubtime', width: 150, render: (t: string) => t.slice(0, 16) },
        {
          title: '操作',
          key: 'fav',
          width: 76,
          render: (_, a) => (
            <FavoritePicker mids={[a.mid]}>
              <Button size="small" type="link" data-testid="minipro-account-favorite">
                收藏
              </Button>
            </FavoritePicker>
          ),
        },
      ]}
    />
  );
}

function SameOwnerTab({ appid }: { appid: string }) {
  const session = useSession();
  const q = useSameOwnerMinipros(appid, session !== null);
  if (!session) return <LoginPrompt what="使用同主体小程序" />;
  if (q.isError) return <TabError error={q.error} onRetry={() => q.refetch()} limitTitle={q.error.message} />;
  if (q.data && !q.data.owner) return <Empty description="该小程序的主体信息未知" />;
  return (
    <>
      {q.data && (
        <p data-testid="minipro-owner">
          主体：<strong>{q.data.owner}</strong>，同主体的其他小程序 {formatTotal(q.data.total)} 个
        </p>
      )}
      <MiniproTable
        recent
        rows={q.data?.applet_data ?? []}
        total={q.data?.total ?? 0}
        page={1}
        loading={q.isPending}
        empty="该主体暂无其他小程序"
      />
    </>
  );
}

function MiniproDetailPageBody() {
  const [params] = useSearchParams();
  const appid = (params.get('appid') ?? '').trim();
  const detail = useMiniproDetail(appid);
  if (!appid)
    return (
      <Card title="小程序详情">
        <Empty description="缺少小程序 appid，请从小程序搜索或小程序榜进入">
          <Link to="/appsearch/searchild">去搜索小程序</Link>
        </Empty>
      </Card>
    );
  const m = detail.data;
  return (
    <Card title="小程序详情" data-testid="minipro-detail-page">
      {detail.isError ? (
        <RetryAlert message={detail.error.message} onRetry={() => detail.refetch()} />
      ) : (
        <div className="minipro-card" data-testid="minipro-detail">
          {m && <MiniproIcon m={m} size={72} />}
          <div style={{ flex: 1 }}>
            <h2 style={{ margin: 0 }} data-testid="minipro-detail-title">
              {m?.title || appid}
            </h2>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'appid', label: 'appid', children: appid },
                { key: 'user', label: '原始 ID', children: m?.username || '-' },
                { key: 'labels', label: '标签', children: m?.labels.length ? m.labels.join('、') : '-' },
                { key: 'last', label: '最近被嵌入', children: m?.last_seen ? m.last_seen.slice(0, 16) : '-' },
                { key: 'desc', label: '简介', children: m?.desc || '-', span: 2 },
              ]}
            />
          </div>
          <div className="minipro-stats">
            <Statistic title="曝光（全部）" value={m?.exposure_num ?? 0} loading={detail.isPending} />
            <Statistic title="近 30 天曝光" value={m?.exposure_30d ?? 0} loading={detail.isPending} />
            <Statistic title="涉及文章" value={m?.article_num ?? 0} loading={detail.isPending} />
            <Statistic title="涉及公众号" value={m?.account_num ?? 0} loading={detail.isPending} />
          </div>
        </div>
      )}
      {!detail.isError && (
        <Tabs
          className="block-gap"
          data-testid="minipro-tabs"
          destroyOnHidden
          items={[
            { key: 'articles', label: '相关文章', children: <ArticlesTab appid={appid} /> },
            { key: 'accounts', label: '投放公众号', children: <AccountsTab appid={appid} /> },
            { key: 'owner', label: '同主体小程序', children: <SameOwnerTab appid={appid} /> },
          ]}
        />
      )}
    </Card>
  );
}

/** antd's App gives the page's toasts (App.useApp in the group pickers and editors) their context. */
export function MiniproDetailPage() {
  return (
    <AntApp component={false}>
      <MiniproDetailPageBody />
    </AntApp>
  );
}
