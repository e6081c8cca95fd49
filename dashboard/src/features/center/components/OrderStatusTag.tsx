// An order's status as a coloured tag.
import { Tag } from 'antd';
import type { OrderStatus } from '../../../../../contract/shapes/orders';

const STATUS: Record<OrderStatus, { label: string; color: string }> = {
  pending: { label: '待支付', color: 'orange' },
  paid: { label: '已支付', color: 'green' },
  closed: { label: '已关闭', color: 'default' },
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const s = STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color} data-testid="order-status">
      {s.label}
    </Tag>
  );
}
