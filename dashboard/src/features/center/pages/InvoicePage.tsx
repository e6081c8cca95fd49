// 申请发票 (/appsearch/getinvoice, spec §2 and §7 invoice calls): request an invoice for a paid order with a
// title and a delivery address, follow the requests, and keep titles and addresses. The tab is in ?tab=, the
// order to invoice may come in ?out_trade_no=.
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Address, InvoiceRequest, InvoiceTitle } from '../../../../../contract/shapes/invoices';
import { messageOf } from '../../../api/errors';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { AddressModal, TitleModal } from '../components/InvoiceForms';
import {
  useAddresses,
  useInvoiceRequests,
  useInvoiceWrite,
  useOrders,
  useTitles,
} from '../hooks/center-queries';
import '../../../components/styles/center.css';

const STATUS_COLORS = ['orange', 'green', 'red'];
const titleLabel = (t: InvoiceTitle) => `${t.title}${t.title_type === 2 ? `（${t.tax_no}）` : '（个人）'}`;
const addressLabel = (a: Address) => `${a.receiver} ${a.phone} ${a.region}${a.address}`;

function ApplyForm({ preset, onDone }: { preset: string; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const orders = useOrders('', 1, 100);
  const requested = useInvoiceRequests(1, 100);
  const titles = useTitles();
  const addresses = useAddresses();
  const write = useInvoiceWrite();
  const [titleOpen, setTitleOpen] = useState(false);
  const [addressOpen, setAddressOpen] = useState(false);

  const done = useMemo(
    () => new Set((requested.data?.list ?? []).map((r) => r.out_trade_no)),
    [requested.data],
  );
  const payable = (orders.data?.list ?? []).filter((o) => o.status === 'paid' && !done.has(o.out_trade_no));

  useEffect(() => {
    if (preset) form.setFieldValue('out_trade_no', preset);
  }, [preset, form]);
  // The default address, or the only title, is picked for the member.
  useEffect(() => {
    const def = addresses.data?.find((a) => a.is_default) ?? addresses.data?.[0];
    if (def && !form.getFieldValue('address_id')) form.setFieldValue('address_id', def.id);
  }, [addresses.data, form]);
  useEffect(() => {
    const first = titles.data?.[0];
    if (first && !form.getFieldValue('invoice_id')) form.setFieldValue('invoice_id', first.id);
  }, [titles.data, form]);

  const submit = async () => {
    const f = form.getFieldsValue();
    try {
      const msg = await write.mutateAsync({
        path: 'invoice_order_add',
        fields: {
          out_trade_no: f.out_trade_no ?? '',
          invoice_id: f.invoice_id ?? '',
          address_id: f.address_id ?? '',
          remark: f.remark ?? '',
        },
      });
      message.success(msg);
      form.resetFields(['out_trade_no', 'remark']);
      onDone();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  return (
    <>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        data-testid="apply-form"
      >
        <Form.Item label="开票订单" name="out_trade_no" required extra="只能为已支付的订单申请，每笔订单一次">
          <Select
            placeholder={payable.length ? '请选择订单' : '暂无可开票的订单'}
            loading={orders.isPending}
            options={payable.map((o) => ({
              label: `${o.subject} ¥${o.total_amount}（${o.out_trade_no}）`,
              value: o.out_trade_no,
            }))}
            data-testid="apply-order"
          />
        </Form.Item>
        <Form.Item label="发票抬头" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="invoice_id" noStyle>
              <Select
                placeholder="请选择发票抬头"
                options={(titles.data ?? []).map((t) => ({ label: titleLabel(t), value: t.id }))}
                data-testid="apply-title"
              />
            </Form.Item>
            <Button onClick={() => setTitleOpen(true)} data-testid="apply-new-title">
              新建抬头
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label="收件地址">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="address_id" noStyle>
              <Select
                allowClear
                placeholder="纸质发票的邮寄地址（电子发票可不填）"
                options={(addresses.data ?? []).map((a) => ({ label: addressLabel(a), value: a.id }))}
                data-testid="apply-address"
              />
            </Form.Item>
            <Button onClick={() => setAddressOpen(true)} data-testid="apply-new-address">
              新建地址
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea rows={2} maxLength={200} placeholder="选填，如发票内容要求" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" onClick={submit} loading={write.isPending} data-testid="apply-submit">
            提交申请
          </Button>
        </Form.Item>
      </Form>
      <TitleModal open={titleOpen} editing={null} onClose={() => setTitleOpen(false)} />
      <AddressModal open={addressOpen} editing={null} onClose={() => setAddressOpen(false)} />
    </>
  );
}

function RequestsTable() {
  const [page, setPage] = useState(1);
  const q = useInvoiceRequests(page);
  return (
    <>
      {q.isError && <RetryAlert message={q.error.message} onRetry={() => q.refetch()} />}
      <Table<InvoiceRequest>
        rowKey="id"
        loading={q.isFetching}
        data-testid="invoice-requests"
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: '暂无开票记录' }}
        pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '订单号', dataIndex: 'out_trade_no' },
          { title: '商品', dataIndex: 'subject' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right' },
          { title: '发票抬头', key: 'title', render: (_, r) => r.title_snapshot?.title ?? '' },
          {
            title: '状态',
            dataIndex: 'status_name',
            render: (v, r) => (
              <Tag color={STATUS_COLORS[r.status]} data-testid="invoice-status">
                {v}
              </Tag>
            ),
          },
          { title: '备注', dataIndex: 'remark', render: (v) => v || '—' },
          { title: '申请时间', dataIndex: 'created_at' },
        ]}
      />
    </>
  );
}

function TitlesTable() {
  const { message } = App.useApp();
  const titles = useTitles();
  const write = useInvoiceWrite();
  const [editing, setEditing] = useState<InvoiceTitle | null>(null);
  const [open, setOpen] = useState(false);
  const remove = (id: number) =>
    write.mutate(
      { path: 'invoice_delete', fields: { id } },
      { onSuccess: (m) => message.success(m), onError: (e) => message.error(messageOf(e)) },
    );
  return (
    <>
      <Button
        type="primary"
        className="block-gap"
        onClick={() => {
          setEditing(null);
          setOpen(true);
        }}
      >
        新建发票抬头
      </Button>
      {titles.isError && <RetryAlert message={titles.error.message} onRetry={() => titles.refetch()} />}
      <Table<InvoiceTitle>
        rowKey="id"
        loading={titles.isFetching}
        dataSource={titles.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无发票抬头' }}
        columns={[
          { title: '类型', dataIndex: 'title_type', render: (v) => (v === 2 ? '企业' : '个人') },
          { title: '抬头', dataIndex: 'title' },
          { title: '纳税人识别号', dataIndex: 'tax_no', render: (v) => v || '—' },
          { title: '邮箱', dataIndex: 'email', render: (v) => v || '—' },
          {
            title: '操作',
            key: 'op',
            render: (_, t) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(t);
                    setOpen(true);
                  }}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除该抬头吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove(t.id)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TitleModal open={open} editing={editing} onClose={() => setOpen(false)} />
    </>
  );
}

function AddressesTable() {
  const { message } = App.useApp();
  const addresses = useAddresses();
  const write = useInvoiceWrite();
  const [editing, setEditing] = useState<Address | null>(null);
  const [open, setOpen] = useState(false);
  const remove = (id: number) =>
    write.mutate(
      { path: 'invoice_address_delete', fields: { id } },
      { onSuccess: (m) => message.success(m), onError: (e) => message.error(messageOf(e)) },
    );
  return (
    <>
      <Button
        type="primary"
        className="block-gap"
        onClick={() => {
          setEditing(null);
          setOpen(true);
        }}
      >
        新建收件地址
      </Button>
      {addresses.isError && (
        <RetryAlert message={addresses.error.message} onRetry={() => addresses.refetch()} />
      )}
      <Table<Address>
        rowKey="id"
        loading={addresses.isFetching}
        dataSource={addresses.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无收件地址' }}
        columns={[
          {
            title: '收件人',
            dataIndex: 'receiver',
            render: (v, a) => (
              <Space>
                {v}
                {a.is_default && <Tag color="blue">默认</Tag>}
              </Space>
            ),
          },
          { title: '手机号', dataIndex: 'phone' },
          { title: '地址', key: 'addr', render: (_, a) => `${a.region}${a.address}` },
          {
            title: '操作',
            key: 'op',
            render: (_, a) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(a);
                    setOpen(true);
                  }}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除该地址吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove(a.id)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AddressModal open={open} editing={editing} onClose={() => setOpen(false)} />
    </>
  );
}

const TABS = ['apply', 'records', 'titles', 'addresses'] as const;

/** antd's App gives the tabs' message and modal hooks their context (as the account detail view does). */
export function InvoicePage() {
  return (
    <App component={false}>
      <InvoicePageBody />
    </App>
  );
}

function InvoicePageBody() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? 'apply';
  const tab = (TABS as readonly string[]).includes(asked) ? asked : 'apply';
  const preset = params.get('out_trade_no') ?? '';
  if (!session)
    return (
      <Card title="申请发票">
        <LoginPrompt what="申请发票" />
      </Card>
    );
  return (
    <Card
      title="申请发票"
      data-testid="invoice-page"
      extra={<Link to="/appsearch/center?tabSt=4">我的订单</Link>}
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          {
            key: 'apply',
            label: '申请开票',
            children: <ApplyForm preset={preset} onDone={() => setParams({ tab: 'records' })} />,
          },
          { key: 'records', label: '开票记录', children: <RequestsTable /> },
          { key: 'titles', label: '发票抬头', children: <TitlesTable /> },
          { key: 'addresses', label: '收件地址', children: <AddressesTable /> },
        ]}
      />
    </Card>
  );
}
