// 对公转账确认 (/admin/transfers): members' declared bank transfers; an admin checks the bank statement, then
// confirms (the order is paid through the payment callback's code) or rejects with a note.
import { App, Card, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { AdminOnly } from '../../components/AdminOnly';
import { ReviewList } from '../../components/ReviewList';
import { TRANSFER_STATUS, type Transfer, useAdminTransfers, useReviewTransfer } from '../../hooks/queries';

function useTransferList(status: string, page: number) {
  return useAdminTransfers(true, status, page);
}

function Transfers() {
  const review = useReviewTransfer();
  return (
    <ReviewList<Transfer, 'confirm' | 'reject'>
      statuses={[
        { value: 'pending', label: '待确认' },
        { value: 'confirmed', label: '已到账' },
        { value: 'rejected', label: '已驳回' },
        { value: '', label: '全部' },
      ]}
      initialStatus="pending"
      useList={useTransferList}
      emptyText="没有对公转账"
      tableTestId="admin-transfer-table"
      testIdPrefix="transfer"
      scrollX={1000}
      columns={[
        { title: '提交时间', dataIndex: 'created_at', width: 170 },
        { title: '会员', dataIndex: 'user_name', width: 110 },
        { title: '订单号', dataIndex: 'out_trade_no' },
        { title: '商品', dataIndex: 'subject' },
        { title: '金额（元）', dataIndex: 'total_amount', width: 100 },
        { title: '付款单位', dataIndex: 'payer_name' },
        { title: '流水号', dataIndex: 'reference' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (s: Transfer['status']) => (
            <Tag color={TRANSFER_STATUS[s].color}>{TRANSFER_STATUS[s].label}</Tag>
          ),
        },
        { title: '审核备注', dataIndex: 'review_note' },
      ]}
      isPending={(t) => t.status === 'pending'}
      decisions={[
        {
          value: 'confirm',
          label: '确认到账',
          title: '确认到账',
          done: '已确认到账，订单已支付',
          placeholder: '备注（选填），如银行回单号',
        },
        {
          value: 'reject',
          label: '驳回',
          title: '驳回转账',
          done: '已驳回',
          placeholder: '驳回原因，会员可以看到',
        },
      ]}
      decide={{
        mutateAsync: ({ row, decision, note }) => review.mutateAsync({ id: row.id, action: decision, note }),
        isPending: review.isPending,
      }}
      describe={(t, decision) => (
        <>
          {t.payer_name} 为订单 {t.out_trade_no} 转账 ¥{t.total_amount}（流水号 {t.reference}）。
          {decision === 'confirm' ? '确认后订单立即变为已支付，会员或 API 次数随即到账。' : ''}
        </>
      )}
    />
  );
}

export function TransfersAdminPage() {
  return (
    <App component={false}>
      <div className="help-page" data-testid="admin-transfers">
        <Card title="对公转账确认" extra={<Link to="/admin">管理后台</Link>}>
          <AdminOnly>
            <Transfers />
          </AdminOnly>
        </Card>
      </div>
    </App>
  );
}
