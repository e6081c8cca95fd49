// Add accounts to a favourite group (spec §5 "Adding to favourites"): choose a group (or create one), then add.
import { App, Button, Flex, Input, Popover, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/client';
import { isLoginNeeded, useAccountGroups, useAddFavorites, useCreateGroup } from '../../api/detail-queries';

const CHOOSE_MSG = '请选择您想要的分组或公众号后再加入收藏';
const ALREADY_IN_GROUP = 40005;

function PickerBody({ mids, onDone }: { mids: number[]; onDone: () => void }) {
  const { message } = App.useApp();
  const groups = useAccountGroups(true);
  const add = useAddFavorites();
  const create = useCreateGroup();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [newName, setNewName] = useState('');

  if (groups.isError && isLoginNeeded(groups.error)) return <div>请先登录后再收藏</div>;

  const submit = () => {
    if (groupId === undefined || mids.length === 0) {
      message.warning(CHOOSE_MSG);
      return;
    }
    add.mutate(
      { group_id: groupId, mids },
      {
        onSuccess: () => {
          message.success('添加成功');
          onDone();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === ALREADY_IN_GROUP) message.warning('该公众号已在分组中');
          else message.warning(e.message);
        },
      },
    );
  };

  const createGroup = () =>
    // Spec §5: the typed name is sent as it is; the server answers an empty one.
    create.mutate(newName, {
      onSuccess: (g) => {
        message.success('创建成功');
        setGroupId(g.group_id);
        setNewName('');
      },
      onError: (e) => message.error(e.message),
    });

  return (
    <Flex vertical gap={8} style={{ width: 260 }} data-testid="favorite-picker">
      <Select<number>
        placeholder="选择分组"
        loading={groups.isPending}
        value={groupId}
        onChange={setGroupId}
        options={(groups.data ?? []).map((g) => ({ value: g.group_id, label: `${g.name}（${g.count}）` }))}
        notFoundContent="暂无分组，请先新建分组"
        aria-label="选择分组"
        data-testid="favorite-group"
      />
      <Flex gap={6}>
        <Input
          size="small"
          placeholder="新建分组名称"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          data-testid="favorite-new-group"
        />
        <Button size="small" onClick={createGroup} loading={create.isPending}>
          新建分组
        </Button>
      </Flex>
      <Button type="primary" onClick={submit} loading={add.isPending} data-testid="favorite-submit">
        加入收藏
      </Button>
    </Flex>
  );
}

export function FavoritePicker({ mids, children }: { mids: number[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title="加入收藏"
      destroyOnHidden
      content={<PickerBody mids={mids} onDone={() => setOpen(false)} />}
    >
      {children}
    </Popover>
  );
}
