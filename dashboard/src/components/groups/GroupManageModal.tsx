// Group management popup (spec §2, title 分组管理): the group manager in a popup; the detail header's ☆ 收藏 opens it.
import { Modal } from 'antd';
import { GroupManager, type ManagerProps } from './GroupManager';

interface Props extends ManagerProps {
  open: boolean;
  onClose: () => void;
}

export function GroupManageModal({ open, onClose, ...manager }: Props) {
  return (
    <Modal open={open} title="分组管理" onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <GroupManager {...manager} />
    </Modal>
  );
}
