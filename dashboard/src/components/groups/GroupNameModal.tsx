// The create-group popup (spec §2) and its rename twin: one group-name field. Spec §5 sends the typed name as it
// is; the server's answer (empty, too long, duplicate) is shown under the field (§8 "Group add failure").
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { type GroupKind, useCreateGroup, useRenameGroup } from '../../api/group-queries';

interface Props {
  open: boolean;
  kind: GroupKind;
  /** Rename this group; without it the popup creates a group. */
  group?: { group_id: number; name: string };
  onClose: () => void;
  onCreated?: (g: { group_id: number; name: string }) => void;
}

export function GroupNameModal({ open, kind, group, onClose, onCreated }: Props) {
  const { message } = App.useApp();
  const create = useCreateGroup(kind);
  const rename = useRenameGroup(kind);
  const [name, setName] = useState(group?.name ?? '');
  const [error, setError] = useState('');
  const busy = create.isPending || rename.isPending;

  const close = () => {
    setName('');
    setError('');
    onClose();
  };

  const submit = () => {
    setError('');
    if (group)
      rename.mutate(
        { group_id: group.group_id, name },
        {
          onSuccess: () => {
            message.success('修改成功');
            close();
          },
          onError: (e) => setError(e.message),
        },
      );
    else
      create.mutate(name, {
        onSuccess: (g) => {
          message.success('创建成功');
          onCreated?.(g);
          close();
        },
        onError: (e) => setError(e.message),
      });
  };

  return (
    <Modal
      open={open}
      title={group ? '重命名分组' : '新建分组'}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
      width={420}
    >
      <Form layout="vertical">
        <Form.Item label="分组名称" validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Input
            autoFocus
            placeholder="请输入分组名称"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={submit}
            data-testid="group-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
