// 对公转账 (/transfer?out_trade_no=): a company pays one of its unpaid orders by bank transfer. The payee comes
// from the deployment (TRANSFER_*); without it the page says so and points to online payment. After the transfer
// the member submits the payer and the bank reference; an admin confirms it and the order becomes paid.

import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TransferInfo } from '../../../../../contract/shapes/transfers';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { useOrders } from '../../center';
import { TRANSFER_STATUS, type Transfer, useSubmitTransfer, useTransferInfo } from '../hooks/queries';
import '../help.css';

interface Fields {
  out_trade_no: string;
  payer_name: string;
  reference: string;
  remark?: string;
}

function Payee({ info }: { info: TransferInfo }) {
  return (
    <Descriptions
      bordered
      column={1}
      size="middle"
      className="block-gap help-payee"
      data-testid="transfer-payee"
    >
      <Descriptions.Item label="收款户名">
        <Typography.Text copyable>{info.account_name}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="开户银行">
        <Typography.Text copyable>{info.bank}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="银行账号">
        <Typography.Text copyable={{ text: info.account_no.replace(/\s/g, '') }}>
          {info.account_no}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

function MyTransfers({ list }: { list: Transfer[] }) {
  return (
    <Table<Transfer>
      rowKey="id"
      size="small"
      dataSource={list}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '还没有提交过对公转账' }}
      data-testid="transfer-mine"
      columns={[
        { title: '订单号', dataIndex: 'out_trade_no' },
        { title: '商品', dataIndex: 'subject' },
        { title: '金额（元）', dataIndex: 'total_amount' },
        { title: '付款单位', dataIndex: 'payer_name' },
        { title: '流水号', dataIndex: 'reference' },
        { title: '提交时间', dataIndex: 'created_at' },
        {
          title: '状态',
          dataIndex: 'status',
          render: (s: Transfer['status'], t) => (
            <>
              <Tag color={TRANSFER_STATUS[s].color} data-testid="transfer-status">
                {TRANSFER_STATUS[s].label}
              </Tag>
              {t.review_note && <span className="help-muted">{t.review_note}</span>}
            </>
          ),
        },
      ]}
    />
  );
}

function TransferBody() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const info = useTransferInfo();
  const orders = useOrders('', 1, 100);
  const submit = useSubmitTransfer();
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState('');
  if (info.isPending || orders.isPending) return <Skeleton active />;
  if (info.isError) return <RetryAlert message={info.error.message} onRetry={() => info.refetch()} />;
  if (orders.isError) return <RetryAlert message={orders.error.message} onRetry={() => orders.refetch()} />;
  const t = info.data;
  if (!t.configured)
    return (
      <Result
        status="info"
        title="本站未开通对公转账"
        subTitle="本部署没有配置收款账户，请使用支付宝在线支付。"
        data-testid="transfer-not-configured"
        extra={
          <Link to="/appsearch/center?tabSt=4">
            <Button type="primary">去我的订单在线支付</Button>
          </Link>
        }
      />
    );
  // Orders with a transfer awaiting confirmation are left out: one open claim per order.
  const claimed = new Set(t.transfers.filter((x) => x.status === 'pending').map((x) => x.out_trade_no));
  const unpaid = orders.data.list.filter((o) => o.status === 'pending' && !claimed.has(o.out_trade_no));
  const asked = params.get('out_trade_no') ?? '';
  const initial = unpaid.some((o) => o.out_trade_no === asked) ? asked : unpaid[0]?.out_trade_no;

  const onFinish = async (f: Fields) => {
    setError('');
    try {
      await submit.mutateAsync({
        out_trade_no: f.out_trade_no,
        payer_name: f.payer_name.trim(),
        reference: f.reference.trim(),
        remark: (f.remark ?? '').trim(),
      });
      message.success('已提交，管理员核对到账后订单将变为已支付');
      form.resetFields(['reference', 'remark']);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <h3>1. 向以下账户转账</h3>
      <Payee info={t} />
      <p className="help-muted">请在转账附言中填写订单号，便于核对；金额须与订单金额一致。</p>
      <h3>2. 提交转账信息</h3>
      {unpaid.length === 0 ? (
        <Empty data-testid="transfer-no-orders" description="没有待支付的订单" className="block-gap">
          <Link to="/appsearch/center?tabSt=2">先去选择会员套餐</Link>
          {' · '}
          <Link to="/appsearch/interface?actnav=2">API 充值</Link>
        </Empty>
      ) : (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 520 }}
          initialValues={{ out_trade_no: initial }}
          onFinish={onFinish}
          data-testid="transfer-form"
        >
          {error && (
            <Alert type="error" showIcon className="block-gap" title={error} data-testid="transfer-error" />
          )}
          <Form.Item name="out_trade_no" label="订单" rules={[{ required: true, message: '请选择订单' }]}>
            <Select
              data-testid="transfer-order"
              options={unpaid.map((o) => ({
                value: o.out_trade_no,
                label: `${o.subject} · ¥${o.total_amount} · ${o.out_trade_no}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="payer_name"
            label="付款单位"
            rules={[
              { required: true, whitespace: true, message: '请填写付款单位名称' },
              { min: 2, message: '请填写付款单位名称' },
            ]}
          >
            <Input maxLength={100} placeholder="与银行回单上的付款户名一致" data-testid="transfer-payer" />
          </Form.Item>
          <Form.Item
            name="reference"
            label="银行流水号或回单号"
            rules={[
              { required: true, message: '请填写银行流水号或回单号' },
              { pattern: /^[\w-]{4,64}$/, message: '银行流水号或回单号为 4–64 位字母、数字或连字符' },
            ]}
          >
            <Input maxLength={64} data-testid="transfer-reference" />
          </Form.Item>
          <Form.Item name="remark" label="备注（选填）">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="transfer-submit">
            提交转账信息
          </Button>
        </Form>
      )}
      <h3 style={{ marginTop: 24 }}>我的对公转账</h3>
      <MyTransfers list={t.transfers} />
    </>
  );
}

export function TransferPage() {
  const session = useSession();
  return (
    <App component={false}>
      <div className="help-page" data-testid="transfer-page">
        <Card title="对公转账">
          {session ? <TransferBody /> : <LoginPrompt what="使用对公转账支付订单" />}
        </Card>
      </div>
    </App>
  );
}
