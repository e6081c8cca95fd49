// 对公转账确认 (/admin/transfers): members' declared bank transfers; an admin checks the bank statement, then
// confirms (the order is paid through the payment callback's code) or rejects with a note.
import { App, Button, Card, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { AdminOnly } from '../AdminOnly';
import { TRANSFER_STATUS, type Transfer, useAdminTransfers, useReviewTransfer } from '../queries';
import '../help.css';

function Transfers() {
  const { message } = App.useApp();
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const list = useAdminTransfers(true, status, page);
  const review = useReviewTransfer();
  const [reviewing, setReviewing] = useState<{ row: Transfer; action: 'confirm' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const submit = async () => {
    if (!reviewing) return;
    try {
      await review.mutateAsync({ id: reviewing.row.id, action: reviewing.action, note: note.trim() });
      message.success(reviewing.action === 'confirm' ? '已确认到账，订单已支付' : '已驳回');
      setReviewing(null);
      setNote('');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  if (list.isError) return <RetryAlert message={list.error.message} onRetry={() => list.refetch()} />;
  return (
    <>
      <Radio.Group
        className="block-gap"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value);
          setPage(1);
        }}
        options={[
          { value: 'pending', label: '待确认' },
          { value: 'confirmed', label: '已到账' },
          { value: 'rejected', label: '已驳回' },
          { value: '', label: '全部' },
        ]}
        optionType="button"
      />
      <Table<Transfer>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          total: list.data?.total ?? 0,
          pageSize: 20,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{ emptyText: '没有对公转账' }}
        data-testid="admin-transfer-table"
        scroll={{ x: 1000 }}
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
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_, t) =>
              t.status === 'pending' ? (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    data-testid={`transfer-confirm-${t.id}`}
                    onClick={() => setReviewing({ row: t, action: 'confirm' })}
                  >
                    确认到账
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setReviewing({ row: t, action: 'reject' })}
                  >
                    驳回
                  </Button>
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <Modal
        open={reviewing !== null}
        title={reviewing?.action === 'confirm' ? '确认到账' : '驳回转账'}
        okText="确定"
        cancelText="取消"
        confirmLoading={review.isPending}
        onOk={submit}
        onCancel={() => setReviewing(null)}
        okButtonProps={{ 'data-testid': 'transfer-review-ok' } as Record<string, string>}
      >
        <p>
          {reviewing?.row.payer_name} 为订单 {reviewing?.row.out_trade_no} 转账 ¥{reviewing?.row.total_amount}
          （流水号 {reviewing?.row.reference}）。
          {reviewing?.action === 'confirm' ? '确认后订单立即变为已支付，会员或 API 次数随即到账。' : ''}
        </p>
        <Input.TextArea
          rows={3}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={
            reviewing?.action === 'confirm' ? '备注（选填），如银行回单号' : '驳回原因，会员可以看到'
          }
        />
      </Modal>
    </>
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
