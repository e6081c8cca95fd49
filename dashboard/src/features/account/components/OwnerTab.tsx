// Owner tab (spec §2, deluxe and above): owner and area, the same-owner accounts (4 or more: a count with
// 'click for more'; 3 or fewer: all shown; none: a note) and the posting-hour chart.
import { Card, Descriptions, Empty, Flex, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { AccountAvatar } from '../../../components/AccountAvatar';
import { BarChart } from '../../../components/charts/BarChart';
import { TabError } from '../../../components/gates/LevelLimit';
import { accountDetailPath, markDetailNavigation } from '../../../lib/account';
import { type SameOwnerAccount, useDetailOwner, usePostingHours } from '../hooks/detail-queries';

/** Spec §9: from this many same-owner accounts the list is folded behind a count. */
const SAME_OWNER_THRESHOLD = 4;
const FOLDED_SHOWN = 3;
const OWNER_LIMIT_TITLE = '主体信息仅限豪华及以上会员查看';

function SameOwnerItem({ account }: { account: SameOwnerAccount }) {
  const name = account.name || account.mp_name || '';
  return (
    <a
      className="same-owner-item"
      data-testid="same-owner-item"
      href={`/main${accountDetailPath(account.mid)}`}
      target="_blank"
      rel="noopener noreferrer"
      onClick={markDetailNavigation}
    >
      <AccountAvatar avatar={account.avatar} name={name} size={32} />
      <span className="same-owner-name">{name || '-'}</span>
    </a>
  );
}

function SameOwnerList({ accounts }: { accounts: SameOwnerAccount[] }) {
  const [expanded, setExpanded] = useState(false);
  if (accounts.length === 0) return <div data-testid="same-owner-state">暂无同主体公众号</div>;
  const folded = accounts.length >= SAME_OWNER_THRESHOLD && !expanded;
  const shown = folded ? accounts.slice(0, FOLDED_SHOWN) : accounts;
  return (
    <div>
      <div className="same-owner-head" data-testid="same-owner-state">
        {accounts.length >= SAME_OWNER_THRESHOLD ? (
          <Tooltip title={expanded ? '' : '点击查看更多'}>
            <Tag
              color="blue"
              className="same-owner-count"
              data-testid="same-owner-more"
              onClick={() => setExpanded(true)}
            >
              同主体公众号 {accounts.length} 个{expanded ? '' : '，点击查看更多'}
            </Tag>
          </Tooltip>
        ) : (
          <span>已全部展示</span>
        )}
      </div>
      <Flex wrap gap={12}>
        {shown.map((a) => (
          <SameOwnerItem key={a.mid} account={a} />
        ))}
      </Flex>
    </div>
  );
}

function PostingHours({ mid }: { mid: number }) {
  const { data, isPending, isError, error, refetch } = usePostingHours(mid, true);
  if (isError) return <TabError error={error} onRetry={() => refetch()} />;
  if (isPending) return <Spin />;
  const bars = Array.from({ length: 24 }, (_, h) => ({
    key: String(h),
    label: String(h),
    value: Number(data[String(h)] ?? 0),
  }));
  if (bars.every((b) => b.value === 0)) return <Empty description="暂无数据" />;
  return <BarChart testId="hours-chart" ariaLabel="各小时发文次数" data={bars} color="#13c2c2" />;
}

export function OwnerTab({ mid }: { mid: number }) {
  const { data, isPending, isError, error, refetch } = useDetailOwner(mid);
  if (isError) return <TabError error={error} onRetry={() => refetch()} limitTitle={OWNER_LIMIT_TITLE} />;
  if (isPending)
    return (
      <div className="page-loading">
        <Spin size="large" />
      </div>
    );
  return (
    <div data-testid="owner-tab">
      <Card size="small" className="block-gap">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'owner', label: '主体名称', children: data.owner || '-' },
            { key: 'area', label: '运营地区', children: data.area || '-' },
          ]}
        />
      </Card>
      <Card size="small" title="同主体公众号" className="block-gap">
        <SameOwnerList accounts={data.same_accounts} />
      </Card>
      <Card size="small" title="发文时间分布（近90天，按小时，北京时间）">
        <PostingHours mid={mid} />
      </Card>
    </div>
  );
}
