// 公众号关注 (/appsearch/officialAccount): the member's favourite groups on the left; on the right the newest
// articles of the followed accounts (follow_account_article), or a keyword search over them (follow_key_search).
import { App as AntApp, Card, Empty, Flex, Input, Menu, Radio, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFavoriteAccounts } from '../../../api/group-queries';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { type FollowScope, useFollowArticles, useFollowSearch } from '../../ranks';
import { FollowArticleTable } from '../components/FollowArticleTable';
import '../../../components/styles/ranks.css';

const ALL = 'all';

function FollowBody() {
  const groups = useFavoriteAccounts(true);
  const [groupKey, setGroupKey] = useState(ALL);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [kw, setKw] = useState('');
  const [scope, setScope] = useState<FollowScope>('all');
  const [orderby, setOrderby] = useState<'pubtime' | 'read'>('pubtime');
  const list = groups.data ?? [];
  const group = list.find((g) => String(g.group_id) === groupKey);
  const mids = useMemo(() => {
    const from = group ? [group] : list;
    return [...new Set(from.flatMap((g) => g.account_list.map((a) => a.mid)))];
  }, [group, list]);
  const feed = useFollowArticles(kw ? [] : mids, page);
  const search = useFollowSearch({
    kw,
    kw_type: scope,
    group_id: group ? group.group_id : null,
    orderby,
    page,
  });
  const shown = kw ? search : feed;

  if (groups.isError) return <TabError error={groups.error} onRetry={() => groups.refetch()} />;
  const allCount = new Set(list.flatMap((g) => g.account_list.map((a) => a.mid))).size;

  return (
    <Flex gap={16} align="flex-start" className="follow-layout">
      <Card size="small" title="我的分组" className="follow-groups" style={{ width: 220, flex: 'none' }}>
        <Menu
          data-testid="follow-groups"
          selectedKeys={[groupKey]}
          onClick={({ key }) => {
            setGroupKey(key);
            setPage(1);
          }}
          items={[
            { key: ALL, label: `全部关注（${allCount}）` },
            ...list.map((g) => ({ key: String(g.group_id), label: `${g.name}（${g.account_list.length}）` })),
          ]}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex wrap gap={8} align="center" className="block-gap">
          <Select
            aria-label="搜索范围"
            data-testid="follow-scope"
            value={scope}
            style={{ width: 124 }}
            onChange={(v: FollowScope) => {
              setScope(v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: '标题和正文' },
              { value: 'title', label: '仅标题' },
              { value: 'body', label: '仅正文' },
            ]}
          />
          <Input.Search
            data-testid="follow-search"
            aria-label="在关注的公众号文章中搜索"
            placeholder="在关注的公众号文章中搜索关键词"
            enterButton="搜索"
            allowClear
            maxLength={30}
            style={{ maxWidth: 420 }}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value) setKw('');
            }}
            onSearch={(v) => {
              setKw(v.trim());
              setPage(1);
            }}
          />
          {kw && (
            <Radio.Group
              data-testid="follow-order"
              value={orderby}
              onChange={(e) => {
                setOrderby(e.target.value);
                setPage(1);
              }}
              options={[
                { value: 'pubtime', label: '最新' },
                { value: 'read', label: '阅读最多' },
              ]}
            />
          )}
        </Flex>
        <Typography.Title level={5} data-testid="follow-heading">
          {kw ? `“${kw}”的搜索结果` : '最新文章'}
          {group ? ` · ${group.name}` : ' · 全部关注'}
        </Typography.Title>
        {!groups.isPending && mids.length === 0 && !kw ? (
          <Empty data-testid="follow-empty" description="该分组还没有关注的公众号">
            <Typography.Text type="secondary">
              在<Link to="/appsearch/index">公众号搜索</Link>或
              <Link to="/appsearch/otherRankings">公众号榜单</Link>
              中点击“收藏”，即可关注公众号
            </Typography.Text>
          </Empty>
        ) : shown.isError ? (
          <TabError error={shown.error} onRetry={() => shown.refetch()} />
        ) : (
          <FollowArticleTable
            articles={shown.data?.article_list ?? []}
            total={shown.data?.total ?? 0}
            page={page}
            loading={shown.isFetching || (shown.isPending && (kw !== '' || mids.length > 0))}
            onPageChange={setPage}
            empty={kw ? `关注的公众号中没有包含“${kw}”的文章` : '关注的公众号暂无文章'}
          />
        )}
      </div>
    </Flex>
  );
}

function FollowPageBody() {
  return (
    <Card title="公众号关注" data-testid="follow-page">
      <MemberOnly what="公众号关注">
        <FollowBody />
      </MemberOnly>
    </Card>
  );
}

/** antd's App gives the page's toasts (App.useApp in the group pickers and editors) their context. */
export function FollowPage() {
  return (
    <AntApp component={false}>
      <FollowPageBody />
    </AntApp>
  );
}
