// 发票审核 (/admin/invoices): every member's invoice requests (admin_list_invoice_all), filtered by status;
// a pending one is marked issued or rejected with a note (update_invoice_status).
import { App, Button, Card, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { AdminOnly } from '../AdminOnly';
import { type AdminInvoice, useAdminInvoices, useInvoiceDecision } from '../queries';
import '../help.css';

const STATUS_COLORS = ['gold', 'green', 'red'];

function Invoices() {
  const { message } = App.useApp();
  const [status, setStatus] = useState('0');
  const [page, setPage] = useState(1);
  const list = useAdminInvoices(true, status, page);
  const decide = useInvoiceDecision();
  const [deciding, setDeciding] = useState<{ row: AdminInvoice; to: 1 | 2 } | null>(null);
  const [remark, setRemark] = useState('');
  const submit = async () => {
    if (!deciding) return;
    try {
      await decide.mutateAsync({ id: deciding.row.id, status: deciding.to, remark: remark.trim() });
      message.success(deciding.to === 1 ? '已标记为已开票' : '已驳回');
      setDeciding(null);
      setRemark('');
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
          { value: '0', label: '待开票' },
          { value: '1', label: '已开票' },
          { value: '2', label: '已驳回' },
          { value: '', label: '全部' },
        ]}
        optionType="button"
      />
      <Table<AdminInvoice>
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
        locale={{ emptyText: '没有开票申请' }}
        data-testid="admin-invoice-table"
        scroll={{ x: 900 }}
        columns={[
          { title: '申请时间', dataIndex: 'created_at', width: 170 },
          { title: '订单号', dataIndex: 'out_trade_no' },
          { title: '商品', dataIndex: 'subject' },
          { title: '金额（元）', dataIndex: 'amount', width: 100 },
          {
            title: '抬头',
            dataIndex: 'title_snapshot',
            render: (t: AdminInvoice['title_snapshot']) =>
              t
                ? `${t.title ?? ''}${t.tax_no ? `（${t.tax_no}）` : ''}${t.email ? ` · ${t.email}` : ''}`
                : '—',
          },
          {
            title: '状态',
            dataIndex: 'status_name',
            width: 90,
            render: (n: string, r) => <Tag color={STATUS_COLORS[r.status]}>{n}</Tag>,
          },
          { title: '备注', dataIndex: 'remark' },
          {
            title: '操作',
            key: 'actions',
            width: 150,
            render: (_, r) =>
              r.status === 0 ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDeciding({ row: r, to: 1 })}>
                    已开票
                  </Button>
                  <Button type="link" size="small" danger onClick={() => setDeciding({ row: r, to: 2 })}>
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
        open={deciding !== null}
        title={deciding?.to === 1 ? '标记为已开票' : '驳回开票申请'}
        okText="确定"
        cancelText="取消"
        confirmLoading={decide.isPending}
        onOk={submit}
        onCancel={() => setDeciding(null)}
      >
        <p>
          订单 {deciding?.row.out_trade_no}，金额 ¥{deciding?.row.amount}
        </p>
        <Input.TextArea
          rows={3}
          maxLength={200}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          placeholder={deciding?.to === 1 ? '备注（选填），如发票号码或快递单号' : '驳回原因'}
        />
      </Modal>
    </>
  );
}

export function InvoicesAdminPage() {
  return (
    <App component={false}>
      <div className="help-page" data-testid="admin-invoices">
        <Card title="发票审核" extra={<Link to="/admin">管理后台</Link>}>
          <AdminOnly>
            <Invoices />
          </AdminOnly>
        </Card>
      </div>
    </App>
  );
}
