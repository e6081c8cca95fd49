// Member centre tab 6 (邀请有礼): the member's invite code, the friends who registered with it (invite_record)
// and redeeming them for membership days (invite_to_vip).
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { messageOf } from '../../../api/errors';
import { RetryAlert } from '../../../components/RetryAlert';
import { useInviteRecords, useRedeemInvites } from '../hooks/center-queries';

const LEVEL_NAMES = ['游客', '普通会员', '高级会员', '豪华会员', '超级会员'];

export function InviteTab() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const records = useInviteRecords(page);
  const redeem = useRedeemInvites();

  const onRedeem = () =>
    redeem.mutate(undefined, {
      onSuccess: (msg) => message.success(msg),
      onError: (e) => message.warning(messageOf(e)),
    });

  return (
    <div data-testid="invite-tab">
      <Card size="small" className="block-gap">
        <Space direction="vertical">
          <span>
            我的邀请码：
            <Typography.Text strong copyable data-testid="invite-code">
              {records.data?.invite_code ?? ''}
            </Typography.Text>
          </span>
          <span className="center-muted">
            好友注册时填写您的邀请码即成为您邀请的好友；每邀请 3 位好友注册，可兑换 7 天高级会员。
          </span>
          <Button type="primary" onClick={onRedeem} loading={redeem.isPending} data-testid="invite-redeem">
            兑换会员
          </Button>
        </Space>
      </Card>
      {records.isError && <RetryAlert message={records.error.message} onRetry={() => records.refetch()} />}
      <Table
        rowKey={(r) => `${r.phone}-${r.created_at}`}
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: '暂无邀请记录' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: records.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共邀请 ${t} 位好友`,
        }}
        columns={[
          { title: '好友', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '会员等级', dataIndex: 'vip_id', render: (v: number) => LEVEL_NAMES[v] ?? '' },
          { title: '注册时间', dataIndex: 'created_at' },
        ]}
      />
    </div>
  );
}
