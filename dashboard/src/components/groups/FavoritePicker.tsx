// Add accounts to a favourite group (spec §5 "Adding to favourites"): the shared group chooser, then favorite_add.
import { App } from 'antd';
import type { ReactNode } from 'react';
import { CHOOSE_GROUP_OR_ACCOUNT, isAlreadyInGroup, useAddFavorites } from '../../api/group-queries';
import { GroupPickerBody, PickerPopover } from './GroupPicker';

function PickerBody({ mids, onDone }: { mids: number[]; onDone: () => void }) {
  const { message } = App.useApp();
  const add = useAddFavorites();
  return (
    <GroupPickerBody
      kind="account"
      testId="favorite"
      submitLabel="加入收藏"
      busy={add.isPending}
      onSubmit={(g) => {
        if (mids.length === 0) {
          message.warning(CHOOSE_GROUP_OR_ACCOUNT);
          return;
        }
        add.mutate(
          { group_id: g.group_id, mids },
          {
            onSuccess: () => {
              message.success('添加成功');
              onDone();
            },
            onError: (e) => message.warning(isAlreadyInGroup(e) ? '该公众号已在分组中' : e.message),
          },
        );
      }}
    />
  );
}

export function FavoritePicker({ mids, children }: { mids: number[]; children: ReactNode }) {
  return (
    <PickerPopover title="加入收藏" body={(close) => <PickerBody mids={mids} onDone={close} />}>
      {children}
    </PickerPopover>
  );
}
