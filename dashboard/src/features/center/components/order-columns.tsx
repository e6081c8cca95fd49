// The columns of an order list (我的订单, 充值记录): pay a pending order, see a paid one, ask for its invoice.
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../../contract/shapes/orders';
import { OrderStatusTag } from './OrderStatusTag';

export function orderColumns(subjectTitle: string): ColumnsType<OrderView> {
  return [
    { title: '订单号', dataIndex: 'out_trade_no' },
    { title: subjectTitle, dataIndex: 'subject' },
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
  ];
}
