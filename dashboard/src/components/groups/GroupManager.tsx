// Group management (spec §2 "Group management popup"): a tree of the member's favourite groups with their accounts
// and checkboxes; bottom actions add to favourites, delete and new group (new group also at the top when asked).
// The popup (GroupManageModal) and the 公众号分组 page show this one component.
//  - 加入收藏 adds `mids` into every checked (or partly checked) group; none checked → §5's message.
//  - 删除 deletes the fully checked groups (group_delete) and removes the checked accounts of the other groups
//    (favorite_delete).
//  - 移动到 (when `movable`) moves the checked accounts into another group: favorite_add there, then
//    favorite_delete from the groups they were checked in.
import { App, Button, Empty, Flex, Popconfirm, Select, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { isLoginNeeded } from '../../api/errors';
import {
  CHOOSE_GROUP_OR_ACCOUNT,
  type FavoriteGroupExt,
  isAlreadyInGroup,
  useAddFavorites,
  useDeleteGroup,
  useFavoriteAccounts,
  useRemoveFavorites,
  useTopGroup,
} from '../../api/group-queries';
import { AccountAvatar } from '../AccountAvatar';
import { GroupNameModal } from './GroupNameModal';

const groupKey = (g: number) => `g:${g}`;
const accountKey = (g: number, mid: number) => `a:${g}:${mid}`;

export interface ManagerProps {
  /** Accounts the 加入收藏 action adds (the detail's account); without them the action is hidden. */
  mids?: number[];
  /** The variant with 新建分组 at the top as well. */
  createAtTop?: boolean;
  /** Offer 移动到 for the checked accounts (the full page). */
  movable?: boolean;
}

function GroupTitle({
  group,
  onRename,
}: {
  group: FavoriteGroupExt;
  onRename: (g: FavoriteGroupExt) => void;
}) {
  const { message } = App.useApp();
  const top = useTopGroup('account');
  const pinned = Boolean(group.top);
  return (
    <Flex gap={8} align="center" className="group-tree-title" data-testid="group-node">
      <Typography.Text strong data-testid="group-node-name">
        {group.name}
      </Typography.Text>
      <Typography.Text type="secondary">（{group.account_list.length}）</Typography.Text>
      {pinned && <span className="group-pinned">置顶</span>}
      <Button
        size="small"
        type="link"
        onClick={(e) => {
          e.stopPropagation();
          top.mutate(group.group_id, {
            onSuccess: (r) => message.success(r.top ? '置顶成功' : '已取消置顶'),
            onError: (err) => message.warning(err.message),
          });
        }}
      >
        {pinned ? '取消置顶' : '置顶'}
      </Button>
      <Button
        size="small"
        type="link"
        onClick={(e) => {
          e.stopPropagation();
          onRename(group);
        }}
      >
        重命名
      </Button>
    </Flex>
  );
}

export function GroupManager({ mids = [], createAtTop = false, movable = false }: ManagerProps) {
  const { message } = App.useApp();
  const groups = useFavoriteAccounts(true);
  const add = useAddFavorites();
  const removeAccounts = useRemoveFavorites();
  const removeGroup = useDeleteGroup('account');
  const [checked, setChecked] = useState<Key[]>([]);
  const [half, setHalf] = useState<Key[]>([]);
  // Groups stay expanded unless the member folds them (a group's accounts may arrive after the tree mounts).
  const [folded, setFolded] = useState<Key[]>([]);
  // Remounts the move chooser after each move, so it shows its placeholder again.
  const [moves, setMoves] = useState(0);
  const [naming, setNaming] = useState<{ group_id: number; name: string } | 'new' | null>(null);
  const list = groups.data ?? [];

  const treeData: DataNode[] = useMemo(
    () =>
      list.map((g) => ({
        key: groupKey(g.group_id),
        title: <GroupTitle group={g} onRename={(r) => setNaming({ group_id: r.group_id, name: r.name })} />,
        children: g.account_list.map((a) => ({
          key: accountKey(g.group_id, a.mid),
          title: (
            <Flex gap={8} align="center" data-testid="group-account">
              <AccountAvatar avatar={a.avatar} name={a.name || a.mp_name} size={24} />
              <span>{a.name || a.mp_name}</span>
              <Typography.Text type="secondary">{a.wx_name}</Typography.Text>
            </Flex>
          ),
        })),
      })),
    [list],
  );

  const isChecked = (k: string) => checked.includes(k);
  const chosenGroups = list.filter(
    (g) => isChecked(groupKey(g.group_id)) || half.includes(groupKey(g.group_id)),
  );

  const addToGroups = async () => {
    if (chosenGroups.length === 0 || mids.length === 0) {
      message.warning(CHOOSE_GROUP_OR_ACCOUNT);
      return;
    }
    for (const g of chosenGroups) {
      try {
        await add.mutateAsync({ group_id: g.group_id, mids });
        message.success('添加成功');
      } catch (e) {
        // Spec §8: 40005 (already in the group) is a warning.
        message.warning(isAlreadyInGroup(e) ? '该公众号已在分组中' : (e as Error).message);
      }
    }
  };

  /** The checked accounts of each group (all of them when the whole group is checked). */
  const checkedAccounts = (groups: FavoriteGroupExt[]) =>
    groups
      .map((g) => ({
        g,
        // A checked group's accounts show checked without being in `checked` (those added after the check).
        mids: g.account_list
          .filter((a) => isChecked(groupKey(g.group_id)) || isChecked(accountKey(g.group_id, a.mid)))
          .map((a) => a.mid),
      }))
      .filter((p) => p.mids.length > 0);

  const moveChecked = async (target: number) => {
    const from = checkedAccounts(list.filter((g) => g.group_id !== target));
    if (from.length === 0) {
      message.warning('请先勾选要移动的公众号');
      return;
    }
    const mids = [...new Set(from.flatMap((p) => p.mids))];
    try {
      await add.mutateAsync({ group_id: target, mids });
    } catch (e) {
      // Accounts already in the target group only need leaving their old groups.
      if (!isAlreadyInGroup(e)) {
        message.warning((e as Error).message);
        return;
      }
    }
    for (const p of from) await removeAccounts.mutateAsync({ group_id: p.g.group_id, mids: p.mids });
    message.success('移动成功');
    setMoves((n) => n + 1);
    setChecked([]);
    setHalf([]);
  };

  const deleteChecked = async () => {
    const whole = list.filter((g) => isChecked(groupKey(g.group_id)));
    const partial = checkedAccounts(list.filter((g) => !isChecked(groupKey(g.group_id))));
    if (whole.length === 0 && partial.length === 0) {
      message.warning('请先勾选要删除的分组或公众号');
      return;
    }
    for (const g of whole) {
      try {
        message.success(await removeGroup.mutateAsync(g.group_id));
      } catch (e) {
        message.warning((e as Error).message);
      }
    }
    for (const p of partial) {
      try {
        await removeAccounts.mutateAsync({ group_id: p.g.group_id, mids: p.mids });
        message.success('删除成功');
      } catch (e) {
        message.warning((e as Error).message);
      }
    }
    setChecked([]);
    setHalf([]);
  };

  const newGroupButton = (
    <Button onClick={() => setNaming('new')} data-testid="group-create">
      新建分组
    </Button>
  );

  return (
    <div data-testid="group-manage-body">
      {createAtTop && (
        <Flex justify="flex-end" className="group-manage-top">
          {newGroupButton}
        </Flex>
      )}
      {groups.isError ? (
        <Typography.Text type="danger">
          {isLoginNeeded(groups.error) ? '请先登录后再收藏' : groups.error.message}
        </Typography.Text>
      ) : groups.isPending ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description="暂无分组，请先新建分组" />
      ) : (
        <Tree
          checkable
          selectable={false}
          expandedKeys={list.map((g) => groupKey(g.group_id)).filter((k) => !folded.includes(k))}
          onExpand={(_, info) => {
            const k = info.node.key;
            setFolded((f) => (info.expanded ? f.filter((x) => x !== k) : [...f, k]));
          }}
          className="group-tree"
          treeData={treeData}
          checkedKeys={{ checked, halfChecked: half }}
          onCheck={(keys, info) => {
            setChecked(Array.isArray(keys) ? keys : keys.checked);
            setHalf((info.halfCheckedKeys ?? []) as Key[]);
          }}
        />
      )}
      <Flex gap={8} justify="flex-end" className="group-manage-actions">
        {mids.length > 0 && (
          <Button
            type="primary"
            onClick={addToGroups}
            loading={add.isPending}
            data-testid="group-add-favorite"
          >
            加入收藏
          </Button>
        )}
        {movable && list.length > 1 && (
          <Select<number>
            placeholder="移动到分组"
            aria-label="移动到分组"
            data-testid="group-move"
            style={{ width: 150 }}
            key={moves}
            onChange={moveChecked}
            options={list.map((g) => ({ value: g.group_id, label: `移动到「${g.name}」` }))}
          />
        )}
        <Popconfirm
          title="确定删除所勾选的分组或公众号吗？"
          okText="删除"
          cancelText="取消"
          onConfirm={deleteChecked}
        >
          <Button
            danger
            loading={removeGroup.isPending || removeAccounts.isPending}
            data-testid="group-delete"
          >
            删除
          </Button>
        </Popconfirm>
        {newGroupButton}
      </Flex>
      <GroupNameModal
        open={naming !== null}
        kind="account"
        group={naming !== null && naming !== 'new' ? naming : undefined}
        key={naming === null || naming === 'new' ? 'new' : naming.group_id}
        onClose={() => setNaming(null)}
        onCreated={(g) => setChecked((c) => [...c, groupKey(g.group_id)])}
      />
    </div>
  );
}
