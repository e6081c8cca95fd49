// The one group chooser (spec §2, §5): pick a group of the member's favourite accounts or article collections,
// or create one on the spot, then act on the chosen group. Used by the favourite picker and article collection.
import { App, Button, Flex, Input, Popover, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { isLoginNeeded } from '../../api/errors';
import {
  CHOOSE_GROUP,
  CHOOSE_GROUP_OR_ACCOUNT,
  type GroupKind,
  useAccountGroups,
  useCollectGroups,
  useCreateGroup,
} from '../../api/group-queries';

export interface ChosenGroup {
  group_id: number;
  name: string;
}

interface PickerProps {
  kind: GroupKind;
  /** data-testid prefix: `${testId}-picker`, `-group`, `-new-group`, `-submit`. */
  testId: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (group: ChosenGroup) => void;
}

function useGroupOptions(kind: GroupKind) {
  const accounts = useAccountGroups(kind === 'account');
  const articles = useCollectGroups(kind === 'article');
  const q = kind === 'account' ? accounts : articles;
  const options = (q.data ?? []).map((g) => ({
    value: g.group_id,
    label: 'count' in g ? `${g.name}（${g.count}）` : g.name,
    name: g.name,
  }));
  return { query: q, options };
}

export function GroupPickerBody({ kind, testId, submitLabel, busy, onSubmit }: PickerProps) {
  const { message } = App.useApp();
  const { query, options: listed } = useGroupOptions(kind);
  const create = useCreateGroup(kind);
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [newName, setNewName] = useState('');
  // The group just created is chosen at once, by its name, before the refreshed list brings it.
  const [created, setCreated] = useState<ChosenGroup | null>(null);
  const options =
    created && !listed.some((o) => o.value === created.group_id)
      ? [...listed, { value: created.group_id, label: created.name, name: created.name }]
      : listed;

  if (query.isError && isLoginNeeded(query.error))
    return <div data-testid={`${testId}-picker`}>请先登录后再收藏</div>;

  const submit = () => {
    const chosen = options.find((o) => o.value === groupId);
    if (!chosen) {
      // Spec §5: accounts need a group and an account; articles just a group.
      message.warning(kind === 'account' ? CHOOSE_GROUP_OR_ACCOUNT : CHOOSE_GROUP);
      return;
    }
    onSubmit({ group_id: chosen.value, name: chosen.name });
  };

  const createGroup = () =>
    // Spec §5: the typed name is sent as it is; the server answers an empty one (§8: its message is shown).
    create.mutate(newName, {
      onSuccess: (g) => {
        message.success('创建成功');
        setCreated({ group_id: g.group_id, name: g.name || newName });
        setGroupId(g.group_id);
        setNewName('');
      },
      onError: (e) => message.error(e.message),
    });

  return (
    <Flex vertical gap={8} style={{ width: 260 }} data-testid={`${testId}-picker`}>
      <Select<number>
        placeholder="选择分组"
        loading={query.isPending}
        value={groupId}
        onChange={setGroupId}
        options={options.map(({ value, label }) => ({ value, label }))}
        notFoundContent="暂无分组，请先新建分组"
        aria-label="选择分组"
        data-testid={`${testId}-group`}
      />
      <Flex gap={6}>
        <Input
          size="small"
          placeholder="新建分组名称"
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          data-testid={`${testId}-new-group`}
        />
        <Button size="small" onClick={createGroup} loading={create.isPending}>
          新建分组
        </Button>
      </Flex>
      <Button type="primary" onClick={submit} loading={busy} data-testid={`${testId}-submit`}>
        {submitLabel}
      </Button>
    </Flex>
  );
}

/** A click-to-open popover around `children` holding a picker body; `body` gets a close callback. */
export function PickerPopover({
  title,
  body,
  children,
}: {
  title: string;
  body: (close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={title}
      destroyOnHidden
      content={body(() => setOpen(false))}
    >
      {children}
    </Popover>
  );
}
