// The account detail itself: header card with its actions and the five tabs of spec §2. The /detail page
// keeps the tab in the URL (?active=); the detail popup keeps it in its own state.
import { App, Card, Spin, Tabs, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useAccountDetail } from '../../../api/queries';
import { RetryAlert } from '../../../components/RetryAlert';
import type { DetailAccount } from '../hooks/detail-queries';
import { AccountHeaderCard } from './AccountHeaderCard';
import { AnalysisTab } from './AnalysisTab';
import { AppletsTab } from './AppletsTab';
import { HistoryTab } from './HistoryTab';
import { LinksTab } from './LinksTab';
import { OwnerTab } from './OwnerTab';
import '../detail.css';

const TAB_KEYS = ['0', '1', '2', '3', '4'] as const;

/** Each tab's content, marked so a test can read one tab's panel. */
const Pane = ({ k, children }: { k: string; children: ReactNode }) => (
  <div data-testid={`tab-pane-${k}`}>{children}</div>
);

interface TabState {
  /** Requested tab key, '0'..'4'; anything else shows the history tab. */
  active: string;
  onActiveChange: (key: string) => void;
}

function DetailTabs({ account, active: requested, onActiveChange }: { account: DetailAccount } & TabState) {
  const mid = account.mid;
  const hasLinks = (account.url_link_total ?? 0) >= 1;
  const hasApplets = (account.associated_applet_total ?? 0) >= 1;
  let active = (TAB_KEYS as readonly string[]).includes(requested) ? requested : '0';
  // A greyed tab cannot be opened through the URL either.
  if ((active === '3' && !hasLinks) || (active === '4' && !hasApplets)) active = '0';

  const greyed = (label: string, enabled: boolean, why: string) =>
    enabled ? label : <Tooltip title={why}>{label}</Tooltip>;

  return (
    <Tabs
      activeKey={active}
      onChange={onActiveChange}
      items={[
        {
          key: '0',
          label: '历史文章',
          children: (
            <Pane k="0">
              <HistoryTab mid={mid} />
            </Pane>
          ),
        },
        {
          key: '1',
          label: '基础分析',
          children: (
            <Pane k="1">
              <AnalysisTab mid={mid} />
            </Pane>
          ),
        },
        {
          key: '2',
          // Spec: the owner tab shows a count, 1 when owner_total is 0.
          label: `主体信息(${account.owner_total > 0 ? account.owner_total : 1})`,
          children: (
            <Pane k="2">
              <OwnerTab mid={mid} />
            </Pane>
          ),
        },
        {
          key: '3',
          label: greyed('阅读原文', hasLinks, '该公众号暂无阅读原文链接'),
          disabled: !hasLinks,
          children: (
            <Pane k="3">
              <LinksTab mid={mid} />
            </Pane>
          ),
        },
        {
          key: '4',
          label: greyed('关联小程序', hasApplets, '该公众号暂无关联小程序'),
          disabled: !hasApplets,
          children: (
            <Pane k="4">
              <AppletsTab mid={mid} />
            </Pane>
          ),
        },
      ]}
    />
  );
}

export function AccountDetailView({ mid, active, onActiveChange }: { mid: number } & TabState) {
  const { data, isPending, isError, error, refetch } = useAccountDetail(mid);

  if (isError) {
    return <RetryAlert message={error.message} onRetry={() => refetch()} />;
  }

  if (isPending) {
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  }

  const account = data.account as DetailAccount;
  // The popups and the refresh control show their messages through this view's antd App context.
  return (
    <App component={false}>
      <AccountHeaderCard account={account} />
      <Card>
        <DetailTabs account={account} active={active} onActiveChange={onActiveChange} />
      </Card>
    </App>
  );
}
