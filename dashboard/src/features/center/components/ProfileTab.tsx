// Member centre tab 1 (个人中心): the member's account from user_info, with links to what they own.
import { Avatar, Button, Descriptions, Skeleton, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { USER_TYPES } from '../../../../../contract/member-texts';
import { RetryAlert } from '../../../components/RetryAlert';
import { useMemberInfo } from '../hooks/center-queries';

const PROFILE_LABELS: Record<string, string> = {
  name: '联系人',
  user_type: '行业定位',
  phone: '联系电话',
  company: '公司名称',
  industry: '所属行业',
  need: '大致需求',
};

export function ProfileTab() {
  const info = useMemberInfo();
  if (info.isPending) return <Skeleton active avatar />;
  if (info.isError) return <RetryAlert message={info.error.message} onRetry={() => info.refetch()} />;
  const u = info.data;
  const profile = Object.entries(u.profile ?? {}).filter(([k, v]) => PROFILE_LABELS[k] && v);
  return (
    <div data-testid="profile-tab">
      <Space size={16} align="center" className="block-gap">
        <Avatar size={64} src={u.avatar || undefined}>
          {u.name.slice(0, 1)}
        </Avatar>
        <div>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{u.name}</div>
          <Tag color={u.vip_id > 1 ? 'gold' : 'default'} data-testid="profile-level">
            {u.vip_name}
          </Tag>
          {u.is_admin === 1 && <Tag color="purple">管理员</Tag>}
        </div>
      </Space>
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        <Descriptions.Item label="手机号">{u.phone || '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="注册时间">{u.reg_time}</Descriptions.Item>
        <Descriptions.Item label="会员等级">
          <Space>
            <span>{u.vip_name}</span>
            <span className="center-muted">{u.vip_expire ? `有效期至 ${u.vip_expire}` : ''}</span>
            <Link to="/appsearch/center?tabSt=2">升级会员</Link>
            <Link to="/currentVip">我的会员</Link>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="API 剩余次数">
          <Space>
            <span data-testid="profile-api-balance">{u.api_balance.toLocaleString('zh-CN')}</span>
            <Link to="/appsearch/interface?actnav=2">充值</Link>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="微信">{u.wx_bound ? '已绑定' : '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="QQ">
          {u.qq_bound ? '已绑定' : '未绑定（可在页头菜单绑定）'}
        </Descriptions.Item>
        <Descriptions.Item label="邀请码">
          <Space>
            <span>{u.invite_code}</span>
            <Link to="/appsearch/center?tabSt=6">邀请记录</Link>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="发票">
          <Link to="/appsearch/getinvoice">申请发票</Link>
        </Descriptions.Item>
        {profile.map(([k, v]) => (
          <Descriptions.Item key={k} label={PROFILE_LABELS[k]}>
            {k === 'user_type' && /^[1-5]$/.test(v) ? USER_TYPES[Number(v) - 1] : v}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        <Link to="/appsearch/center?tabSt=4">
          <Button>我的订单</Button>
        </Link>
        <Link to="/appsearch/center?tabSt=5">
          <Button>监测与回采订单</Button>
        </Link>
        <Link to="/appsearch/interface?actnav=1">
          <Button>API 使用情况</Button>
        </Link>
      </Space>
    </div>
  );
}
