// 我的收藏 (/appsearch/collection): the member's favourite accounts across groups, each once, with its groups and its
// figures over the last 7 days (search/v1 favorite_figures); filter by group, open the account's pages, or remove
// it from every group.
import { App as AntApp, Button, Card, Flex, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useRemoveFavorites } from '../../../api/group-queries';
import { TabError } from '../../../components/gates/LevelLimit';
import { MemberOnly } from '../../../components/gates/LoginPrompt';
import { accountFigureColumns } from '../../../components/lists/figure-columns';
import { formatTotal } from '../../../lib/format';
import { AccountLink } from '../components/AccountLink';
import { withSubjectPath } from '../components/OwnerResults';
import { type FavoriteFigures, useFavoriteFigures } from '../hooks/explore-queries';
import '../explore.css';

function CollectionBody() {
  const { message } = AntApp.useApp();
  const q = useFavoriteFigures(true);
  const remove = useRemoveFavorites();
  const [group, setGroup] = useState<number | null>(null);
  if (q.isError) return <TabError error={q.error} onRetry={() => q.refetch()} />;
  const all = q.data?.list ?? [];
  const groups = new Map<number, string>();
  for (const a of all) for (const g of a.groups) groups.set(g.group_id, g.name);
  const shown = group === null ? all : all.filter((a) => a.groups.some((g) => g.group_id === group));
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <Select<number | null>
          aria-label="按分组筛选"
          data-testid="collection-group"
          style={{ width: 200 }}
          value={group}
          onChange={setGroup}
          options={[
            { value: null, label: `全部分组（${all.length}）` },
            ...[...groups].map(([id, name]) => ({
              value: id,
              label: `${name}（${all.filter((a) => a.groups.some((g) => g.group_id === id)).length}）`,
            })),
          ]}
        />
        <span className="explore-muted">发文与阅读为近 {q.data?.days ?? 7} 天，按发布日统计</span>
        <Link to="/appsearch/accountList">管理分组</Link>
      </Flex>
      <Table<FavoriteFigures>
        rowKey="mid"
        dataSource={shown}
        loading={q.isFetching}
        onRow={() => ({ 'data-testid': 'collection-row' }) as never}
        locale={{ emptyText: '还没有收藏公众号，可在公众号详情或「公众号分组」中加入收藏' }}
        scroll={{ x: 1300 }}
        pagination={{
          pageSize: 20,
          showSizeChanger: false,
          showTotal: (t) => `共 ${formatTotal(t)} 个公众号`,
        }}
        columns={[
          {
            title: '公众号',
            key: 'account',
            width: 220,
            fixed: 'left',
            render: (_, a) => (
              <AccountLink
                mid={a.mid}
                name={a.name}
                wxid={a.wxid}
                avatar={a.avatar}
                testId="collection-account"
              />
            ),
          },
          {
            title: '分组',
            key: 'groups',
            width: 150,
            render: (_, a) =>
              a.groups.map((g) => (
                <Tag key={g.group_id} color="blue">
                  {g.name}
                </Tag>
              )),
          },
          { title: '行业', dataIndex: 'media', width: 80, render: (v: string) => v || '-' },
          ...accountFigureColumns<FavoriteFigures>({ reads: 100, likes: 80 }),
          { title: '最近发文', dataIndex: 'last_pub', width: 170, render: (v: string) => v || '-' },
          {
            title: '操作',
            key: 'actions',
            width: 230,
            render: (_, a) => (
              <Space size={4} wrap>
                <Link to={`/appsearch/similar?mid=${a.mid}`}>相似</Link>
                <Link to={withSubjectPath({ mid: a.mid })}>同主体</Link>
                <Link to={`/OfficialAccountMonitor?mid=${a.mid}`}>实时</Link>
                <Popconfirm
                  title={`从所有分组中移除「${a.name}」？`}
                  okText="移除"
                  cancelText="取消"
                  onConfirm={() =>
                    remove.mutate(
                      { mids: [a.mid] },
                      {
                        onSuccess: () => message.success('已取消收藏'),
                        onError: (e) => message.warning(e.message),
                      },
                    )
                  }
                >
                  <Button size="small" type="link" danger data-testid="collection-remove">
                    取消收藏
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}

export function CollectionPage() {
  return (
    <Card title="我的收藏" data-testid="collection-page">
      <MemberOnly what="查看收藏的公众号">
        <CollectionBody />
      </MemberOnly>
    </Card>
  );
}
