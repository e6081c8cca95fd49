// 订单支付详情 (/paySuccess?out_trade_no=…, spec §2): where the cashier returns. Shows the order from pay_info,
// polling while the payment notification has not arrived yet, and what the payment changed: the new level or
// the new API balance.
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PayInfo } from '../../../../../contract/shapes/orders';
import { isLoginNeeded } from '../../../api/errors';
import { useUserProfile } from '../../../auth/queries';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { usePayInfo, useRemaining } from '../hooks/center-queries';
import '../../../components/styles/center.css';

function OrderFacts({ o }: { o: PayInfo }) {
  return (
    <Descriptions bordered column={1} size="middle" style={{ maxWidth: 640, margin: '0 auto' }}>
      <Descriptions.Item label="订单号">
        <span data-testid="pay-order-no">{o.out_trade_no}</span>
      </Descriptions.Item>
      <Descriptions.Item label="商品">{o.subject}</Descriptions.Item>
      <Descriptions.Item label="金额">
        <span data-testid="pay-amount">¥{o.total_amount}</span>
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <OrderStatusTag status={o.status} />
      </Descriptions.Item>
      <Descriptions.Item label="下单时间">{o.created_at}</Descriptions.Item>
      {o.paid_at && <Descriptions.Item label="支付时间">{o.paid_at}</Descriptions.Item>}
    </Descriptions>
  );
}

function PaidOutcome({ o }: { o: PayInfo }) {
  const profile = useUserProfile();
  const remaining = useRemaining();
  if (o.kind === 'vip')
    return (
      <span data-testid="pay-outcome">
        当前会员等级：<b>{profile.data?.vip_name ?? '…'}</b>
        {profile.data?.vip_expire ? `，有效期至 ${profile.data.vip_expire}` : ''}
      </span>
    );
  return (
    <span data-testid="pay-outcome">
      API 剩余次数：<b>{remaining.data ? remaining.data.api_balance.toLocaleString('zh-CN') : '…'}</b>
    </span>
  );
}

export function PaySuccessPage() {
  const [params] = useSearchParams();
  const no = params.get('out_trade_no') ?? '';
  const session = useSession();
  const info = usePayInfo(no);
  const client = useQueryClient();
  const paid = info.data?.status === 'paid';

  // The payment changed the level or the balance: what the header and other pages cached is stale now.
  useEffect(() => {
    if (!paid) return;
    for (const key of [
      'user-profile',
      'user-info',
      'center-user-info',
      'vip-info',
      'api-remaining',
      'orders',
    ])
      void client.invalidateQueries({ queryKey: [key] });
  }, [paid, client]);

  const body = () => {
    if (!no) return <Result status="warning" title="缺少订单号" subTitle="请从我的订单中查看订单详情" />;
    if (!session) return <LoginPrompt what="查看订单支付结果" />;
    if (info.isPending) return <Skeleton active />;
    if (info.isError)
      return isLoginNeeded(info.error) ? (
        <LoginPrompt what="查看订单支付结果" />
      ) : (
        <RetryAlert message={info.error.message} onRetry={() => info.refetch()} />
      );
    const o = info.data;
    const links =
      o.kind === 'vip' ? (
        <Space key="links">
          <Link to="/currentVip">
            <Button type="primary">查看我的会员</Button>
          </Link>
          <Link to="/appsearch/getinvoice">
            <Button>申请发票</Button>
          </Link>
        </Space>
      ) : (
        <Space key="links">
          <Link to={`/succ?out_trade_no=${encodeURIComponent(o.out_trade_no)}`}>
            <Button type="primary">查看充值结果</Button>
          </Link>
          <Link to="/appsearch/interface?actnav=1">
            <Button>API 使用情况</Button>
          </Link>
        </Space>
      );
    if (o.status === 'paid')
      return (
        <Result
          status="success"
          title="支付成功"
          subTitle={<PaidOutcome o={o} />}
          extra={[links]}
          data-testid="pay-result-paid"
        >
          <OrderFacts o={o} />
        </Result>
      );
    if (o.status === 'closed')
      return (
        <Result
          status="error"
          title="订单已关闭"
          subTitle="该订单未支付已关闭，请重新下单"
          data-testid="pay-result-closed"
        >
          <OrderFacts o={o} />
        </Result>
      );
    return (
      <Result
        status="info"
        icon={<Spin size="large" />}
        title="等待支付结果"
        subTitle="支付完成后本页会自动刷新；如尚未支付，请点击下方按钮或扫码支付。"
        data-testid="pay-result-pending"
        extra={[
          <Button key="pay" type="primary" href={o.pay_url} data-testid="pay-go">
            去支付
          </Button>,
        ]}
      >
        <Space align="start" size={32} style={{ width: '100%', justifyContent: 'center' }}>
          {o.img && <img className="center-pay-qr" src={o.img} alt="收银台二维码" />}
          <OrderFacts o={o} />
        </Space>
      </Result>
    );
  };

  return (
    <Card title="订单支付详情" data-testid="pay-success-page">
      {body()}
    </Card>
  );
}
