// 充值记录结果 (/succ, spec §2 "Recharge record result"): the API balance after a recharge, the order just paid
// (?out_trade_no=…) and the member's recharge records.
import { Button, Card, Result, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OrderView } from '../../../../../contract/shapes/orders';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { orderColumns } from '../components/order-columns';
import { usePayInfo, useRechargeRecords, useRemaining } from '../hooks/center-queries';
import '../../../components/styles/center.css';

export function RechargeRecords() {
  const [page, setPage] = useState(1);
  const records = useRechargeRecords(page);
  return (
    <>
      {records.isError && <RetryAlert message={records.error.message} onRetry={() => records.refetch()} />}
      <Table<OrderView>
        rowKey="out_trade_no"
        size="middle"
        data-testid="recharge-records"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: '暂无充值记录' }}
        pagination={{ current: page, pageSize: 10, total: records.data?.total ?? 0, onChange: setPage }}
        columns={orderColumns('套餐')}
      />
    </>
  );
}

function JustPaid({ no }: { no: string }) {
  const info = usePayInfo(no);
  if (!info.data) return null;
  const o = info.data;
  return o.status === 'paid' ? (
    <Result
      status="success"
      title="充值成功"
      subTitle={`${o.subject}，¥${o.total_amount}，订单号 ${o.out_trade_no}`}
    />
  ) : (
    <Result
      status="info"
      title={o.status === 'pending' ? '订单待支付' : '订单已关闭'}
      subTitle={`${o.subject}，订单号 ${o.out_trade_no}`}
    />
  );
}

export function RechargeResultPage() {
  const [params] = useSearchParams();
  const no = params.get('out_trade_no') ?? '';
  const session = useSession();
  const remaining = useRemaining();
  if (!session)
    return (
      <Card title="充值记录">
        <LoginPrompt what="查看充值记录" />
      </Card>
    );
  return (
    <Card title="充值记录" data-testid="recharge-result-page">
      {no && <JustPaid no={no} />}
      <Space size={48} className="block-gap" align="end">
        <Statistic
          title="API 剩余次数"
          value={remaining.data?.api_balance ?? 0}
          loading={remaining.isPending}
          data-testid="succ-balance"
        />
        <Link to="/appsearch/interface?actnav=2">
          <Button type="primary">继续充值</Button>
        </Link>
        <Link to="/appsearch/interface?actnav=3">
          <Button>消费记录</Button>
        </Link>
      </Space>
      <RechargeRecords />
    </Card>
  );
}
