// Member centre tab 4 (我的订单): membership and API orders from list_user_order; pay a pending one, see the
// result of a paid one, ask for its invoice.
import { Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../../contract/shapes/orders';
import { RetryAlert } from '../../../components/RetryAlert';
import { useOrders } from '../hooks/center-queries';
import { OrderStatusTag } from './OrderStatusTag';

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
        columns={[
          { title: '订单号', dataIndex: 'out_trade_no' },
          { title: '商品', dataIndex: 'subject' },
          { title: '金额（元）', dataIndex: 'total_amount', align: 'right' },
          { title: '状态', dataIndex: 'status', render: (s) => <OrderStatusTag status={s} /> },
          { title: '下单时间', dataIndex: 'created_at' },
          { title: '支付时间', dataIndex: 'paid_at', render: (v) => v || '—' },
          {
            title: '操作',
            key: 'op',
            render: (_, o) => (
              <Space>
                <Link to={`/paySuccess?out_trade_no=${encodeURIComponent(o.out_trade_no)}`}>
                  {o.status === 'pending' ? '去支付' : '详情'}
                </Link>
                {o.status === 'paid' && (
                  <Link to={`/appsearch/getinvoice?out_trade_no=${encodeURIComponent(o.out_trade_no)}`}>
                    申请发票
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
