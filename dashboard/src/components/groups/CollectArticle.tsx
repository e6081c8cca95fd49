// Article collection (spec §2 "Article collection", §8): the group chooser (collect_group_list type 1) then
// favorite_article_option POST; a collected article shows as collected and a click uncollects it (DELETE).
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { isLoginNeeded } from '../../api/errors';
import {
  type CollectTarget,
  isAlreadyInGroup,
  useCollectArticle,
  useCollectGroups,
  useUncollectArticle,
} from '../../api/group-queries';
import { GroupNameModal } from './GroupNameModal';
import { GroupPickerBody, PickerPopover } from './GroupPicker';

/** Collect with feedback: §8's '文章已收藏至分组' + name from the server; 40005 (already there) is a warning. */
function useCollect() {
  const { message } = App.useApp();
  const collect = useCollectArticle();
  const run = (target: CollectTarget, groupId: number, onDone?: () => void) =>
    collect.mutate(
      { ...target, group_id: groupId },
      {
        onSuccess: (msg) => {
          message.success(msg);
          onDone?.();
        },
        onError: (e) => (isAlreadyInGroup(e) ? message.warning(e.message) : message.error(e.message)),
      },
    );
  return { run, busy: collect.isPending };
}

export function CollectButton({ target, collected }: { target: CollectTarget; collected: boolean }) {
  const { message } = App.useApp();
  const { run, busy } = useCollect();
  const uncollect = useUncollectArticle();
  if (collected)
    return (
      <Button
        size="small"
        type="link"
        loading={uncollect.isPending}
        data-testid="article-uncollect"
        onClick={() =>
          uncollect.mutate(target, {
            onSuccess: () => message.success('已取消收藏'),
            onError: (e) => message.warning(e.message),
          })
        }
      >
        <span style={{ color: '#faad14' }}>★</span> 已收藏
      </Button>
    );
  return (
    <PickerPopover
      title="收藏文章"
      body={(close) => (
        <GroupPickerBody
          kind="article"
          testId="collect"
          submitLabel="收藏"
          busy={busy}
          onSubmit={(g) => run(target, g.group_id, close)}
        />
      )}
    >
      <Button size="small" type="link" data-testid="article-collect">
        ☆ 收藏
      </Button>
    </PickerPopover>
  );
}

/** The similar-article table's favourite dropdown: the collection groups, one click collects into that group. */
export function CollectDropdown({ target }: { target: CollectTarget }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const groups = useCollectGroups(open);
  const { run, busy } = useCollect();
  const items = [
    ...(groups.data ?? []).map((g) => ({ key: String(g.group_id), label: g.name })),
    ...(groups.data && groups.data.length === 0 ? [{ key: 'none', label: '暂无分组', disabled: true }] : []),
    ...(groups.isError
      ? [
          {
            key: 'error',
            label: isLoginNeeded(groups.error) ? '请先登录后再收藏' : groups.error.message,
            disabled: true,
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'new', label: '新建分组' },
  ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          items,
          onClick: ({ key }) => {
            setOpen(false);
            if (key === 'new') setCreating(true);
            else run(target, Number(key));
          },
        }}
      >
        <Button size="small" loading={busy} data-testid="similar-article-favorite">
          收藏 ▾
        </Button>
      </Dropdown>
      <GroupNameModal open={creating} kind="article" onClose={() => setCreating(false)} />
    </>
  );
}
