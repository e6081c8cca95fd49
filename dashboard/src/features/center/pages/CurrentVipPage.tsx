// 我的会员 (/currentVip, spec §2 "Membership"): the member's level, its expiry and rights, and the membership
// orders; renewing or upgrading goes to the member centre's upgrade tab.
import { Alert, Button, Card, Descriptions, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { OrderView } from '../../../../../contract/shapes/orders';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { RetryAlert } from '../../../components/RetryAlert';
import { OrderStatusTag } from '../components/OrderStatusTag';
import { useOrders, useVipInfo } from '../hooks/center-queries';
import '../../../components/styles/center.css';

function VipOrders() {
  const [page, setPage] = useState(1);
  const orders = useOrders('vip', page);
  return (
    <Table<OrderView>
      rowKey="out_trade_no"
      size="middle"
      loading={orders.isFetching}
      dataSource={orders.data?.list ?? []}
      locale={{ emptyText: '暂无会员订单' }}
      pagination={{ current: page, pageSize: 10, total: orders.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '订单号', dataIndex: 'out_trade_no' },
        { title: '套餐', dataIndex: 'subject' },
        { title: '金额（元）', dataIndex: 'total_amount', align: 'right' },
        { title: '状态', dataIndex: 'status', render: (s) => <OrderStatusTag status={s} /> },
        { title: '支付时间', dataIndex: 'paid_at', render: (v) => v || '—' },
        {
          title: '操作',
          key: 'op',
          render: (_, o) => (
            <Link to={`/paySuccess?out_trade_no=${encodeURIComponent(o.out_trade_no)}`}>
              {o.status === 'pending' ? '去支付' : '详情'}
            </Link>
          ),
        },
      ]}
    />
  );
}

export function CurrentVipPage() {
  const session = useSession();
  const vip = useVipInfo();
  if (!session)
    return (
      <Card title="我的会员">
        <LoginPrompt what="查看您的会员等级与权益" />
      </Card>
    );
  if (vip.isPending) return <Skeleton active />;
  if (vip.isError) return <RetryAlert message={vip.error.message} onRetry={() => vip.refetch()} />;
  const v = vip.data;
  const mine = v.levels.find((l) => l.vip_id === v.vip_id);
  const top = v.vip_id >= Math.max(...v.levels.map((l) => l.vip_id));
  return (
    <Card title="我的会员" data-testid="current-vip">
      <Descriptions bordered column={{ xs: 1, md: 2 }} className="block-gap">
        <Descriptions.Item label="会员等级">
          <Tag color={v.vip_id > 1 ? 'gold' : 'default'} data-testid="current-vip-level">
            {v.vip_name}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="有效期">
          <span data-testid="current-vip-expire">{v.vip_expire ? `至 ${v.vip_expire}` : '长期有效'}</span>
        </Descriptions.Item>
        {mine && (
          <>
            <Descriptions.Item label="历史文章深度">{mine.history_months} 个月</Descriptions.Item>
            <Descriptions.Item label="收藏公众号上限">{mine.favorite_accounts} 个</Descriptions.Item>
            <Descriptions.Item label="每月分钟级监测">{mine.monitor_per_month} 次</Descriptions.Item>
            <Descriptions.Item label="每月历史回采">{mine.backfill_per_month} 次</Descriptions.Item>
            <Descriptions.Item label="公众号页面更新">
              {mine.page_update ? '可用' : '不可用'}
            </Descriptions.Item>
            <Descriptions.Item label="主体信息">{mine.owner_info ? '可查看' : '不可查看'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
      {v.vip_id <= 1 && (
        <Alert
          type="warning"
          showIcon
          className="block-gap"
          title="您还不是付费会员：升级后可查看更长的历史文章、主体信息，并获得每月监测与回采次数。"
        />
      )}
      <Space className="block-gap">
        <Link to="/appsearch/center?tabSt=2">
          <Button type="primary" data-testid="current-vip-upgrade">
            {v.vip_id > 1 ? (top ? '续费会员' : '续费或升级') : '开通会员'}
          </Button>
        </Link>
        <Link to="/appsearch/getinvoice">
          <Button>申请发票</Button>
        </Link>
      </Space>
      <h3>会员订单</h3>
      <VipOrders />
    </Card>
  );
}
