// 管理后台 (/admin): the admin pages with what waits for an admin (pending transfers and invoices, readiness).
import { Badge, Card, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AdminOnly } from '../../components/AdminOnly';
import { useAdminInvoices, useAdminTransfers, useHealth } from '../../hooks/queries';
import '../../help.css';

interface Entry {
  to: string;
  title: string;
  text: string;
  badge?: ReactNode;
}

function AdminEntries() {
  const transfers = useAdminTransfers(true, 'pending', 1);
  const invoices = useAdminInvoices(true, '0', 1);
  const health = useHealth(true);
  const ready = health.data?.readiness.ready;
  const entries: Entry[] = [
    {
      to: '/admin/health',
      title: '采集与总线健康',
      text: '角色、存储就绪、总线延迟、采集器心跳与最近一轮、凭据与监测任务。',
      badge:
        ready === undefined ? null : (
          <Tag color={ready ? 'green' : 'orange'}>{ready ? '就绪' : '启动中'}</Tag>
        ),
    },
    {
      to: '/admin/sources',
      title: '数据来源与额度',
      text: '各能力的来源链、凭据池与今日额度、付费接口花费、按层级的新鲜度；扫码添加微信读书账号。',
    },
    {
      to: '/admin/credentials',
      title: '上游凭据',
      text: '新增、轮换、停用采集用的上游凭据，查看冷却与请求、失败次数。',
    },
    {
      to: '/admin/transfers',
      title: '对公转账确认',
      text: '核对银行到账后确认转账（订单随即变为已支付），或驳回。',
      badge: <Badge count={transfers.data?.total ?? 0} data-testid="admin-pending-transfers" />,
    },
    {
      to: '/admin/invoices',
      title: '发票审核',
      text: '查看全部开票申请，标记已开票或驳回。',
      badge: <Badge count={invoices.data?.total ?? 0} data-testid="admin-pending-invoices" />,
    },
    { to: '/admin/notices', title: '网站公告', text: '新建、编辑、置顶、发布或下线网站公告。' },
    { to: '/admin/demands', title: '定制需求', text: '查看用户提交的数据定制与合作需求。' },
  ];
  return (
    <div className="help-admin-grid" data-testid="admin-entries">
      {entries.map((e) => (
        <Link key={e.to} to={e.to}>
          <Card hoverable className="help-admin-card" title={e.title} extra={e.badge}>
            <span className="help-muted">{e.text}</span>
          </Card>
        </Link>
      ))}
    </div>
  );
}

export function AdminHomePage() {
  return (
    <div className="help-page" data-testid="admin-home">
      <Card title="管理后台">
        <AdminOnly>
          <AdminEntries />
        </AdminOnly>
      </Card>
    </div>
  );
}
