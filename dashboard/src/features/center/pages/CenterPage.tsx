// 会员中心 (/appsearch/center?tabSt=1|2|4|5|6, spec §2). tabSt=2 is the membership upgrade; the others are our
// reading of the member calls: 1 个人中心 (user_info), 4 我的订单 (list_user_order), 5 监测与回采 (monitor and
// back-collection orders), 6 邀请有礼 (invite_record, invite_to_vip). The tab lives in the URL.
import { App, Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { InviteTab } from '../components/InviteTab';
import { OrdersTab } from '../components/OrdersTab';
import { ProfileTab } from '../components/ProfileTab';
import { TasksTab } from '../components/TasksTab';
import { UpgradeTab } from '../components/UpgradeTab';
import '../../../components/styles/center.css';

const TABS: { key: string; label: string; render: () => ReactNode; visitors?: boolean }[] = [
  { key: '1', label: '个人中心', render: () => <ProfileTab /> },
  { key: '2', label: '会员升级', render: () => <UpgradeTab />, visitors: true },
  { key: '4', label: '我的订单', render: () => <OrdersTab /> },
  { key: '5', label: '监测与回采', render: () => <TasksTab /> },
  { key: '6', label: '邀请有礼', render: () => <InviteTab /> },
];

/** antd's App gives the tabs' message and modal hooks their context (as the account detail view does). */
export function CenterPage() {
  return (
    <App component={false}>
      <CenterPageBody />
    </App>
  );
}

function CenterPageBody() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const asked = params.get('tabSt') ?? '1';
  const active = TABS.some((t) => t.key === asked) ? asked : '1';
  return (
    <Card title="会员中心" data-testid="center-page">
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tabSt: key })}
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: <span data-testid={`center-tab-${t.key}`}>{t.label}</span>,
          children: session || t.visitors ? t.render() : <LoginPrompt what={`查看${t.label}`} />,
        }))}
      />
    </Card>
  );
}
