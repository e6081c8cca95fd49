// Member centre tab 2 (spec §2 /center?tabSt=2): the levels, their rights and prices from vip_info, and buying.
import { Alert, Button, Skeleton, Table, Tag } from 'antd';
import type { LevelRights, PackageView } from '../../../../../contract/shapes/orders';
import { RetryAlert } from '../../../components/RetryAlert';
import { useVipInfo } from '../hooks/center-queries';
import { useCheckout } from '../hooks/useCheckout';

const yesNo = (v: 0 | 1) => (v ? '✔' : '—');

function rightsOf(l: LevelRights): string[] {
  return [
    `历史文章 ${l.history_months} 个月`,
    `收藏公众号 ${l.favorite_accounts} 个`,
    `每月分钟级监测 ${l.monitor_per_month} 次`,
    l.backfill_per_month > 0 ? `每月历史回采 ${l.backfill_per_month} 次` : '不含历史回采',
    l.page_update ? '公众号页面更新' : '不含页面更新',
    l.owner_info ? '查看主体信息' : '不含主体信息',
  ];
}

export function UpgradeTab() {
  const vip = useVipInfo();
  const { buy, busy } = useCheckout();
  if (vip.isPending) return <Skeleton active />;
  if (vip.isError) return <RetryAlert message={vip.error.message} onRetry={() => vip.refetch()} />;
  const v = vip.data;
  const paid = v.levels.filter((l) => l.vip_id > 1);
  const packagesOf = (id: number) => v.packages.filter((p) => p.vip_id === id);
  const buyButton = (p: PackageView) => (
    <Button
      key={p.package_id}
      type={p.months === 12 ? 'primary' : 'default'}
      loading={busy === p.package_id}
      disabled={v.vip_id > (p.vip_id ?? 0)}
      onClick={() => buy(p)}
      data-testid={`buy-${p.package_id}`}
    >
      {p.months === 12 ? '年度' : '季度'} ¥{p.price}
    </Button>
  );

  return (
    <div data-testid="upgrade-tab">
      <Alert
        className="block-gap"
        type="info"
        showIcon
        title={
          <span data-testid="current-level">
            当前等级：<b>{v.vip_name}</b>
            {v.vip_expire ? `，有效期至 ${v.vip_expire}` : ''}
          </span>
        }
        description="同等级续费从原到期时间顺延；升级后立即生效。支付完成后自动返回本站查看结果。"
      />
      <div className="center-plan-grid">
        {paid.map((l) => {
          const [quarter] = packagesOf(l.vip_id);
          return (
            <div
              key={l.vip_id}
              className={`center-plan${l.vip_id === v.vip_id ? ' current' : ''}`}
              data-testid={`plan-${l.vip_id}`}
            >
              <div className="center-plan-name">
                {l.name} {l.vip_id === v.vip_id && <Tag color="gold">当前等级</Tag>}
              </div>
              {quarter && (
                <div className="center-plan-price">
                  ¥{quarter.price}
                  <small>/ 季度起</small>
                </div>
              )}
              <ul>
                {rightsOf(l).map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
              <div className="center-plan-actions">{packagesOf(l.vip_id).map(buyButton)}</div>
              {v.vip_id > l.vip_id && <span className="center-muted">当前会员等级更高，无需购买该套餐</span>}
            </div>
          );
        })}
      </div>
      <h3 style={{ marginTop: 24 }}>权益对比</h3>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        data-testid="rights-table"
        columns={[
          { title: '权益', dataIndex: 'label' },
          ...v.levels.map((l) => ({ title: l.name, dataIndex: `l${l.vip_id}`, align: 'center' as const })),
        ]}
        dataSource={[
          { key: 'h', label: '历史文章深度（月）', pick: (l: LevelRights) => l.history_months },
          { key: 'f', label: '收藏公众号上限', pick: (l: LevelRights) => l.favorite_accounts },
          { key: 'm', label: '每月分钟级监测次数', pick: (l: LevelRights) => l.monitor_per_month },
          { key: 'b', label: '每月历史回采次数', pick: (l: LevelRights) => l.backfill_per_month },
          { key: 'u', label: '公众号页面更新', pick: (l: LevelRights) => yesNo(l.page_update) },
          { key: 'o', label: '主体信息', pick: (l: LevelRights) => yesNo(l.owner_info) },
        ].map((row) => ({
          key: row.key,
          label: row.label,
          ...Object.fromEntries(v.levels.map((l) => [`l${l.vip_id}`, row.pick(l)])),
        }))}
      />
    </div>
  );
}
