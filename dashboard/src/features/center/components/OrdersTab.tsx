// Member centre tab 4 (我的订单): membership and API orders from list_user_order; pay a pending one, see the
// result of a paid one, ask for its invoice.
import { Segmented, Table } from 'antd';
import { useState } from 'react';
import type { OrderView } from '../../../../../contract/shapes/orders';
import { RetryAlert } from '../../../components/RetryAlert';
import { useOrders } from '../hooks/center-queries';
import { orderColumns } from './order-columns';

const KINDS = [
  { label: '全部订单', value: '' },
  { label: '会员订单', value: 'vip' },
  { label: 'API 充值', value: 'api' },
] as const;

export function OrdersTab() {
  const [kind, setKind] = useState<'' | 'vip' | 'api'>('');
  const [page, setPage] = useState(1);
  const orders = useOrders(kind, page);
  return (
    <div data-testid="orders-tab">
      <Segmented
        className="block-gap"
        options={KINDS.map((k) => ({ label: k.label, value: k.value }))}
        value={kind}
        onChange={(v) => {
          setKind(v as typeof kind);
          setPage(1);
        }}
      />
      {orders.isError && <RetryAlert message={orders.error.message} onRetry={() => orders.refetch()} />}
      <Table<OrderView>
        rowKey="out_trade_no"
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        locale={{ emptyText: '暂无订单' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: orders.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 笔`,
        }}
        columns={orderColumns('商品')}
      />
    </div>
  );
}
