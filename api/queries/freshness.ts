import { tierOfAccount } from '../../collectors/account-tiers';
import { TIERS, type Tier } from '../../collectors/tier-plan';
import type { PgTierReports } from '../../collectors/tier-reports';
import type { AccountFreshness } from '../../contract/shapes/accounts';
import { beijingTimeMs } from '../../core/periods';
import type { MemberDb } from '../../postgres/db';

const TIER_NAMES: Record<Tier, string> = {
  monitor: '付费监测',
  member: '会员关注',
  active: '近期活跃',
  rest: '其他',
};

const hours = (s: number) => (s < 7200 ? `${Math.round(s / 60)} 分钟` : `${(s / 3600).toFixed(1)} 小时`);

/** Reports older than this are a stopped collector's, not today's plan. */
const REPORT_TTL_MS = 3 * 3_600_000;

/**
 * How fresh the collectors keep one account (issue #26: members see freshness honestly): its crawl tier and the
 * interval today's budget affords that tier, from the collectors' latest tier reports. Null when no collector
 * reports tiers (requests are not budgeted, as in the demo): every account is then crawled every round.
 */
export async function accountFreshness(
  db: Pick<MemberDb, 'query'>,
  reports: Pick<PgTierReports, 'latest'>,
  mid: number,
  lastPub: string,
  nowMs: number,
): Promise<AccountFreshness | null> {
  const live = (await reports.latest()).filter((r) => nowMs - r.reportedAt <= REPORT_TTL_MS);
  if (live.length === 0) return null;
  const posted = lastPub ? beijingTimeMs(lastPub) : 0;
  const tier = await tierOfAccount(db, mid, nowMs - posted <= 3 * 86_400_000);
  // Several collectors report each tier for their own share: the slowest of them is what this account may meet.
  const own = live.filter((r) => r.tier === tier);
  if (own.length === 0) return null;
  const worst = own.reduce((a, b) =>
    a.plannedS === null || (b.plannedS !== null && a.plannedS >= b.plannedS) ? a : b,
  );
  const name = TIER_NAMES[tier];
  const note =
    worst.plannedS === null
      ? `该号属于「${name}」采集层级：今日采集额度已先用于更优先的公众号，数据可能停留在数据更新时间，北京时间零点额度恢复后继续更新`
      : (worst.staleByS ?? 0) > 0
        ? `该号属于「${name}」采集层级：按今日采集额度约每 ${hours(worst.plannedS)}更新一次（目标 ${hours(worst.targetS)}，落后 ${hours(worst.staleByS ?? 0)}）`
        : '';
  return {
    tier,
    tier_name: name,
    tier_rank: TIERS.indexOf(tier) + 1,
    interval_s: worst.plannedS,
    target_s: worst.targetS,
    stale_by_s: worst.staleByS,
    note,
  };
}
