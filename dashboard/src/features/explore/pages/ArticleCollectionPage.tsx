// 收藏的文章 (/appsearch/articleCollection, spec §2 "Article collection"): the member's collected articles by
// collection group (collect_group_list with counts, favorite_article_option GET), moved between groups
// (move_article_collect) or uncollected (favorite_article_option DELETE); groups are created, renamed and deleted
// here too (collect_group_*).

import { App as AntApp, Button, Card, Empty, Flex, Menu, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useDeleteGroup, useUncollectArticle } from '../../../api/group-queries';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { GroupNameModal } from '../../../components/groups/GroupNameModal';
import { ArticleTitleLink } from '../../../components/links/article-links';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { formatTotal, positionLabel } from '../../../lib/format';
import {
  type CollectedArticle,
  EXPLORE_PAGE_SIZE,
  useCollectedArticles,
  useCollectGroupCounts,
  useMoveArticle,
} from '../hooks/explore-queries';

import '../explore.css';

const ALL = 'all';

function ArticleCollectionBody() {
  const { message } = AntApp.useApp();
  const groups = useCollectGroupCounts(true);
  const [key, setKey] = useState(ALL);
  const [page, setPage] = useState(1);
  const [naming, setNaming] = useState<{ group_id: number; name: string } | 'new' | null>(null);
  const list = groups.data ?? [];
  const group = list.find((g) => String(g.group_id) === key) ?? null;
  const articles = useCollectedArticles(group?.group_id ?? null, page, groups.isSuccess);
  const move = useMoveArticle();
  const uncollect = useUncollectArticle();
  const removeGroup = useDeleteGroup('article');
  if (groups.isError) return <TabError error={groups.error} onRetry={() => groups.refetch()} />;
  const nameOf = new Map(list.map((g) => [g.group_id, g.name]));
  const total = list.reduce((s, g) => s + g.count, 0);

  return (
    <Flex gap={16} align="flex-start" wrap>
      <Card
        size="small"
        title="收藏分组"
        className="explore-side"
        extra={
          <Button
            size="small"
            type="link"
            onClick={() => setNaming('new')}
            data-testid="collect-group-create"
          >
            新建
          </Button>
        }
      >
        <Menu
          data-testid="collect-groups"
          selectedKeys={[key]}
          onClick={({ key: k }) => {
            setKey(k);
            setPage(1);
          }}
          items={[
            { key: ALL, label: `全部文章（${total}）` },
            ...list.map((g) => ({ key: String(g.group_id), label: `${g.name}（${g.count}）` })),
          ]}
        />
        {group && (
          <Space size={4}>
            <Button size="small" onClick={() => setNaming({ group_id: group.group_id, name: group.name })}>
              重命名
            </Button>
            <Popconfirm
              title={`删除分组「${group.name}」及其中的收藏？`}
              okText="删除"
              cancelText="取消"
              onConfirm={() =>
                removeGroup.mutate(group.group_id, {
                  onSuccess: (msg) => {
                    message.success(msg);
                    setKey(ALL);
                  },
                  onError: (e) => message.warning(e.message),
                })
              }
            >
              <Button size="small" danger data-testid="collect-group-delete">
                删除分组
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Card>
      <div className="explore-main">
        {articles.isError ? (
          <TabError error={articles.error} onRetry={() => articles.refetch()} />
        ) : (
          <Table<CollectedArticle>
            rowKey={(a) => `${a.group_id}_${a.mid}_${a.aid}`}
            dataSource={articles.data?.article_list ?? []}
            loading={articles.isFetching || groups.isPending}
            onRow={() => ({ 'data-testid': 'collected-row' }) as never}
            locale={{
              emptyText: (
                <Empty description="暂无收藏的文章，可在公众号详情的历史文章中点击「收藏」加入分组" />
              ),
            }}
            scroll={{ x: 1050 }}
            pagination={{
              current: page,
              pageSize: EXPLORE_PAGE_SIZE,
              total: articles.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (t) => `共 ${formatTotal(t)} 篇文章`,
              onChange: setPage,
            }}
            columns={[
              {
                title: '文章',
                key: 'title',
                width: 260,
                render: (_, a) => (
                  <span>
                    {a.position > 0 && (
                      <Tag color={a.position === 1 ? 'red' : 'blue'}>{positionLabel(a.position)}</Tag>
                    )}
                    <ArticleTitleLink post={`${a.mid}_${a.aid}`} testId="collected-title">
                      {a.title || '（文章已不在平台）'}
                    </ArticleTitleLink>
                  </span>
                ),
              },
              {
                title: '公众号',
                key: 'account',
                width: 130,
                render: (_, a) => (
                  <Link to={accountDetailPath(a.mid)} onClick={markDetailNavigation}>
                    {a.wxname || `公众号 ${a.mid}`}
                  </Link>
                ),
              },
              { title: '发布时间', dataIndex: 'pubtime', width: 160, render: (v: string) => v || '-' },
              {
                title: '分组',
                key: 'group',
                width: 90,
                render: (_, a) => <Tag data-testid="collected-group">{nameOf.get(a.group_id) ?? '-'}</Tag>,
              },
              { title: '收藏时间', dataIndex: 'created_at', width: 160 },
              {
                title: '操作',
                key: 'actions',
                width: 240,
                render: (_, a) => (
                  <Space size={4}>
                    {list.length > 1 && (
                      <Select<number>
                        size="small"
                        placeholder="移动到"
                        aria-label="移动到分组"
                        data-testid="collected-move"
                        style={{ width: 120 }}
                        options={list
                          .filter((g) => g.group_id !== a.group_id)
                          .map((g) => ({ value: g.group_id, label: g.name }))}
                        onChange={(to) =>
                          move.mutate(
                            { aid: a.aid, mid: a.mid, group_id: to, from_group_id: a.group_id },
                            {
                              onSuccess: () => message.success(`已移动到「${nameOf.get(to) ?? ''}」`),
                              onError: (e) => message.warning(e.message),
                            },
                          )
                        }
                      />
                    )}
                    <Popconfirm
                      title="取消收藏这篇文章？"
                      okText="取消收藏"
                      cancelText="保留"
                      onConfirm={() =>
                        uncollect.mutate(
                          { aid: a.aid, mid: a.mid },
                          {
                            onSuccess: () => message.success('已取消收藏'),
                            onError: (e) => message.warning(e.message),
                          },
                        )
                      }
                    >
                      <Button size="small" type="link" danger data-testid="collected-uncollect">
                        取消收藏
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </div>
      <GroupNameModal
        open={naming !== null}
        kind="article"
        group={naming !== null && naming !== 'new' ? naming : undefined}
        key={naming === null || naming === 'new' ? 'new' : naming.group_id}
        onClose={() => setNaming(null)}
        onCreated={(g) => setKey(String(g.group_id))}
      />
    </Flex>
  );
}

export function ArticleCollectionPage() {
  return (
    <Card title="收藏的文章" data-testid="article-collection-page">
      <MemberOnly what="查看收藏的文章">
        <ArticleCollectionBody />
      </MemberOnly>
    </Card>
  );
}
