import type { Member } from './sessions';

/**
 * Membership levels (vip_id). The spec names senior, deluxe (= 3) and super, says page update needs
 * "level above 1" with the warning "only for advanced (senior) and above", so senior is 2 and level 1
 * is the free registered member. An expired paid level counts as 1.
 */
export const LEVELS = [
  { vip_id: 0, name: '游客', historyMonths: 3, favoriteAccounts: 0, monitorPerMonth: 0, backfillPerMonth: 0 },
  {
    vip_id: 1,
    name: '普通会员',
    historyMonths: 3,
    favoriteAccounts: 20,
    monitorPerMonth: 3,
    backfillPerMonth: 0,
  },
  {
    vip_id: 2,
    name: '高级会员',
    historyMonths: 6,
    favoriteAccounts: 500,
    monitorPerMonth: 30,
    backfillPerMonth: 12,
  },
  {
    vip_id: 3,
    name: '豪华会员',
    historyMonths: 12,
    favoriteAccounts: 2000,
    monitorPerMonth: 100,
    backfillPerMonth: 36,
  },
  {
    vip_id: 4,
    name: '超级会员',
    historyMonths: 18,
    favoriteAccounts: 5000,
    monitorPerMonth: 300,
    backfillPerMonth: 90,
  },
] as const;

export const LEVEL = { VISITOR: 0, FREE: 1, SENIOR: 2, DELUXE: 3, SUPER: 4 } as const;

export const levelOf = (m: Member | null) => (m ? m.level : LEVEL.VISITOR);
export const levelName = (level: number) => LEVELS.find((l) => l.vip_id === level)?.name ?? LEVELS[0].name;

/** The server-side permission rules other routes use (spec §6, §9). */
export const can = {
  /** Page update of an account's posts (mp_update): level above 1. */
  pageUpdate: (m: Member | null) => levelOf(m) > LEVEL.FREE,
  /** Owner (主体) information: level 3 or above. */
  ownerInfo: (m: Member | null) => levelOf(m) >= LEVEL.DELUXE,
  /** Basic analysis, original links, mini-programs, similar accounts: any paid level. */
  paidFeature: (m: Member | null) => levelOf(m) >= LEVEL.SENIOR,
  admin: (m: Member | null) => m?.is_admin === true,
};

/** How many accounts a level may keep in its favourite groups (more answers 40002). */
export const favoriteLimit = (m: Member | null) =>
  LEVELS.find((l) => l.vip_id === levelOf(m))?.favoriteAccounts ?? 0;

/** Minute-level monitoring counts a level may use per calendar month (Asia/Shanghai); one per monitored article. */
export const monitorAllowance = (m: Member | null) =>
  LEVELS.find((l) => l.vip_id === levelOf(m))?.monitorPerMonth ?? 0;

/**
 * History back-collection (历史回采) counts a level may use per calendar month (Asia/Shanghai). An order costs one
 * count per started 30 days of its window (backfillCost), so a paid month buys 2 (senior), 6 (deluxe) or 15 (super)
 * full six-month back-collections; free members have none (back-collection and its export are paid features).
 */
export const backfillAllowance = (m: Member | null) =>
  LEVELS.find((l) => l.vip_id === levelOf(m))?.backfillPerMonth ?? 0;

/** Counts a back-collection of `days` (1–180) costs: one per started 30 days. */
export const backfillCost = (days: number) => Math.ceil(days / 30);

/** How many months of history posts a level may see. */
export const historyMonths = (m: Member | null) =>
  LEVELS.find((l) => l.vip_id === levelOf(m))?.historyMonths ?? LEVELS[0].historyMonths;

/** The earliest publish date (yyyy-mm-dd, Asia/Shanghai) a member may query. */
export function historyStart(m: Member | null, now = new Date()): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  d.setUTCMonth(d.getUTCMonth() - historyMonths(m));
  return d.toISOString().slice(0, 10);
}

/** The two envelopes that signal "level insufficient" (spec §8): search/group calls and link/applet calls. */
export const levelInsufficient = {
  errorCode: { error_code: 40002, msg: '会员等级不足，去升级' },
  status: { status: 4002, msg: '会员等级不足，去升级' },
} as const;
