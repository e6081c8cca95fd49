// API 页面 (/appsearch/interface?actnav=0..5, spec §2): 0 价格, 1 使用情况, 2 充值, 3 消费记录, 5 API 密钥, 4 调用示例
// (the keys have a tab of their own, before the samples that use them).
// The tab lives in the URL; pricing and samples are public, the member's own data needs a login.
import { App, Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { LoginPrompt } from '../../../components/gates/LoginPrompt';
import { ExamplesTab } from '../components/ExamplesTab';
import { KeysTab } from '../components/KeysTab';
import { PricingTab } from '../components/PricingTab';
import { RechargeTab } from '../components/RechargeTab';
import { RecordsTab } from '../components/RecordsTab';
import { UsageTab } from '../components/UsageTab';
import '../../../components/styles/center.css';

const TABS: { key: string; label: string; render: () => ReactNode; visitors?: boolean }[] = [
  { key: '0', label: 'API 价格', render: () => <PricingTab />, visitors: true },
  { key: '1', label: '使用情况', render: () => <UsageTab /> },
  { key: '2', label: '充值', render: () => <RechargeTab /> },
  { key: '3', label: '消费记录', render: () => <RecordsTab /> },
  { key: '5', label: 'API 密钥', render: () => <KeysTab /> },
  { key: '4', label: '调用示例', render: () => <ExamplesTab />, visitors: true },
];

/** antd's App gives the tabs' message and modal hooks their context (as the account detail view does). */
export function InterfacePage() {
  return (
    <App component={false}>
      <InterfacePageBody />
    </App>
  );
}

function InterfacePageBody() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const asked = params.get('actnav') ?? '0';
  const active = TABS.some((t) => t.key === asked) ? asked : '0';
  return (
    <Card title="公众号数据 API" data-testid="interface-page">
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ actnav: key })}
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: <span data-testid={`interface-tab-${t.key}`}>{t.label}</span>,
          children: session || t.visitors ? t.render() : <LoginPrompt what={`查看${t.label}`} />,
        }))}
      />
    </Card>
  );
}
