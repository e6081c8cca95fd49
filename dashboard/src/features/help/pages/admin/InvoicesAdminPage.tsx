// 发票审核 (/admin/invoices): every member's invoice requests (admin_list_invoice_all), filtered by status;
// a pending one is marked issued or rejected with a note (update_invoice_status).
import { App, Card, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { AdminInvoiceRequest as AdminInvoice } from '../../../../../../contract/shapes/invoices';
import { AdminOnly } from '../../components/AdminOnly';
import { ReviewList } from '../../components/ReviewList';
import { useAdminInvoices, useInvoiceDecision } from '../../hooks/queries';

const STATUS_COLORS = ['gold', 'green', 'red'];

function useInvoiceList(status: string, page: number) {
  return useAdminInvoices(true, status, page);
}

function Invoices() {
  const decide = useInvoiceDecision();
  return (
    <ReviewList<AdminInvoice, 1 | 2>
      statuses={[
        { value: '0', label: '待开票' },
        { value: '1', label: '已开票' },
        { value: '2', label: '已驳回' },
        { value: '', label: '全部' },
      ]}
      initialStatus="0"
      useList={useInvoiceList}
      emptyText="没有开票申请"
      tableTestId="admin-invoice-table"
      testIdPrefix="invoice"
      scrollX={900}
      columns={[
        { title: '申请时间', dataIndex: 'created_at', width: 170 },
        { title: '订单号', dataIndex: 'out_trade_no' },
        { title: '商品', dataIndex: 'subject' },
        { title: '金额（元）', dataIndex: 'amount', width: 100 },
        {
          title: '抬头',
          dataIndex: 'title_snapshot',
          render: (t: AdminInvoice['title_snapshot']) =>
            t ? `${t.title ?? ''}${t.tax_no ? `（${t.tax_no}）` : ''}${t.email ? ` · ${t.email}` : ''}` : '—',
        },
        {
          title: '状态',
          dataIndex: 'status_name',
          width: 90,
          render: (n: string, r) => <Tag color={STATUS_COLORS[r.status]}>{n}</Tag>,
        },
        { title: '备注', dataIndex: 'remark' },
      ]}
      isPending={(r) => r.status === 0}
      decisions={[
        {
          value: 1,
          label: '已开票',
          title: '标记为已开票',
          done: '已标记为已开票',
          placeholder: '备注（选填），如发票号码或快递单号',
        },
        {
          value: 2,
          label: '驳回',
          title: '驳回开票申请',
          done: '已驳回',
          placeholder: '驳回原因',
        },
      ]}
      decide={{
        mutateAsync: ({ row, decision, note }) =>
          decide.mutateAsync({ id: row.id, status: decision, remark: note }),
        isPending: decide.isPending,
      }}
      describe={(r) => `订单 ${r.out_trade_no}，金额 ¥${r.amount}`}
    />
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
