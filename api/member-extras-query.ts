import type { AnalyticsStore } from '../clickhouse/store';
import type { Members } from '../members/index';
import { LEVEL } from '../members/membership';
import type { MemberDb } from '../postgres/db';
import { beijingDay } from '../stream/analytics/periods';

/**
 * Reads behind the member's own extras: the accounts they opened last (account/v1 last_mpaccount), their API use
 * (account/v1 api_aggregate, monitor/v3 api_user_detail) and invite rewards (main/v1 invite_to_vip).
 */

/** Dashboard routes of the account detail page (spec §2: /detail and /appsearch/detail, query mid). */
export const DETAIL_PATHS = ['/detail', '/appsearch/detail'];

/**
 * The accounts a member opened, newest first, from the page views the dashboard sends on every route change
 * (ClickHouse page_views, kept 400 days). One row per account with its last visit and how often it was opened.
 * Accounts not collected (a mistyped mid in the address bar) are left out.
 */
export async function lastOpenedAccounts(store: AnalyticsStore, userId: number, page: number, num: number) {
  const rows = await store.query<{
    mid: string;
    name: string;
    wxid: string;
    avatar: string;
    owner: string;
    media: string;
    last_view: string;
    views: string;
    total: string;
  }>(
    `WITH v AS (
       SELECT toUInt64OrZero(extractURLParameter(concat('?', query), 'mid')) AS mid, max(ts) AS last_view,
         count() AS views
       FROM page_views WHERE user_id = {uid:UInt64} AND path IN {paths:Array(String)}
       GROUP BY mid HAVING mid > 0
     )
     SELECT toString(v.mid) AS mid, ac.name AS name, ac.wxid AS wxid, ac.avatar AS avatar, ac.owner AS owner,
       ac.media AS media, formatDateTime(v.last_view, '%Y-%m-%d %H:%i:%S') AS last_view, v.views AS views,
       count() OVER () AS total
     FROM v
     INNER JOIN (SELECT mid, name, wxid, avatar, owner, media FROM accounts_effective
                 WHERE mid IN (SELECT mid FROM v)) AS ac ON ac.mid = v.mid
     ORDER BY v.last_view DESC, v.mid ASC
     LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
    { uid: userId, paths: DETAIL_PATHS, limit: num, offset: (page - 1) * num },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    list: rows.map((r) => ({
      mid: Number(r.mid),
      name: r.name,
      mp_name: r.name,
      wx: r.wxid,
      wxid: r.wxid,
      avatar: r.avatar,
      owner: r.owner,
      zhuti: r.owner,
      media: r.media,
      last_view: r.last_view,
      views: Number(r.views),
    })),
  };
}

/**
 * The member's charged API calls of the last `days` days (refunds netted out, as api_usage counts them), per
 * endpoint (most used first) and per Beijing day (oldest first, days with calls only).
 */
export async function apiAggregate(members: Members, userId: number, days: number) {
  const rows = await members.metering.usage(userId, days);
  const byEndpoint = new Map<string, { calls: number; cost: number }>();
  const byDay = new Map<string, { calls: number; cost: number }>();
  for (const r of rows) {
    for (const [map, key] of [
      [byEndpoint, r.endpoint],
      [byDay, r.day],
    ] as const) {
      const t = map.get(key) ?? { calls: 0, cost: 0 };
      t.calls += Number(r.calls);
      t.cost += Number(r.cost);
      map.set(key, t);
    }
  }
  return {
    days,
    total_calls: rows.reduce((s, r) => s + Number(r.calls), 0),
    total_cost: rows.reduce((s, r) => s + Number(r.cost), 0),
    endpoints: [...byEndpoint.entries()]
      .map(([endpoint, t]) => ({ endpoint, ...t }))
      .sort((a, b) => b.calls - a.calls || a.endpoint.localeCompare(b.endpoint)),
    daily: [...byDay.entries()]
      .map(([date, t]) => ({ date, ...t }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** monitor/v3 api_user_detail: the API customer's balance, trial, keys and recent use. */
export async function apiUserDetail(members: Members, userId: number, nowMs: number) {
  const [balance, keys, usage, [ledger]] = await Promise.all([
    members.metering.balance(userId),
    members.apiKeys.list(userId),
    members.metering.usage(userId, 30),
    members.db.query<{ recharged: number; last_call: string | null }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'recharge'), 0)::int AS recharged,
              to_char(max(created_at) FILTER (WHERE kind = 'call') AT TIME ZONE 'Asia/Shanghai',
                      'YYYY-MM-DD HH24:MI:SS') AS last_call
       FROM api_ledger WHERE user_id = $1`,
      [userId],
    ),
  ]);
  // The ledger's days are on the database's (wall) clock, so "today" is too.
  const today = beijingDay(nowMs);
  const weekStart = beijingDay(nowMs - 6 * 86_400_000);
  const sum = (pred: (day: string) => boolean) =>
    usage.filter((u) => pred(u.day)).reduce((s, u) => s + Number(u.calls), 0);
  return {
    balance: balance.balance,
    trial_quota: balance.trial,
    recharged_calls: Number(ledger?.recharged ?? 0),
    keys_active: keys.filter((k) => !k.revoked).length,
    keys_total: keys.length,
    calls_today: sum((d) => d === today),
    calls_7d: sum((d) => d >= weekStart),
    calls_30d: sum(() => true),
    last_call_at: ledger?.last_call ?? '',
  };
}

/** Invite reward (邀请有礼): every INVITE_REWARD.invitees registered invitees earn INVITE_REWARD.days of membership. */
export const INVITE_REWARD = { invitees: 3, days: 7, level: LEVEL.SENIOR } as const;

export interface InviteProgress {
  invite_code: string;
  invited: number;
  redeemed: number;
  available: number;
  /** Invitees still needed before a reward can be redeemed (0: redeemable now). */
  need: number;
}

/** Only invitees whose phone a code proved count: a phone typed in without one costs nothing to invent. */
export async function inviteProgress(db: Pick<MemberDb, 'query'>, userId: number): Promise<InviteProgress> {
  const [r] = await db.query<{ code: string; invited: number; redeemed: number }>(
    `SELECT (SELECT invite_code FROM users WHERE id = $1) AS code,
            (SELECT count(*)::int FROM users WHERE invited_by = $1 AND phone_verified) AS invited,
            (SELECT count(*)::int FROM invite_redemptions WHERE inviter_id = $1) AS redeemed`,
    [userId],
  );
  const invited = r?.invited ?? 0;
  const redeemed = r?.redeemed ?? 0;
  const available = invited - redeemed;
  return {
    invite_code: r?.code ?? '',
    invited,
    redeemed,
    available,
    need: Math.max(0, INVITE_REWARD.invitees - available),
  };
}

export type Redemption =
  | { ok: true; days: number; used: number; vip_id: number; vip_expire: string; progress: InviteProgress }
  | { ok: false; reason: 'not_enough' | 'permanent'; progress: InviteProgress };

/**
 * Spends whole groups of unredeemed invitees on membership days, in one transaction that first locks the inviter's
 * row (two clicks cannot spend the same invitees; invite_redemptions' key would refuse it anyway). An active paid
 * level (senior or above) is extended from its expiry and kept; otherwise the member becomes senior from now.
 */
export async function redeemInvites(db: MemberDb, userId: number): Promise<Redemption> {
  return db.transaction(async (tx) => {
    const [u] = await tx.query<{ vip_id: number; permanent: boolean }>(
      `SELECT vip_id, (vip_id >= $2 AND vip_expires_at IS NULL) AS permanent FROM users WHERE id = $1 FOR UPDATE`,
      [userId, INVITE_REWARD.level],
    );
    if (u?.permanent) return { ok: false, reason: 'permanent', progress: await inviteProgress(tx, userId) };
    const open = await tx.query<{ id: number }>(
      `SELECT u.id FROM users u LEFT JOIN invite_redemptions r ON r.invitee_id = u.id
       WHERE u.invited_by = $1 AND u.phone_verified AND r.invitee_id IS NULL ORDER BY u.id`,
      [userId],
    );
    const groups = Math.floor(open.length / INVITE_REWARD.invitees);
    if (groups === 0) return { ok: false, reason: 'not_enough', progress: await inviteProgress(tx, userId) };
    const used = open.slice(0, groups * INVITE_REWARD.invitees).map((r) => Number(r.id));
    const days = groups * INVITE_REWARD.days;
    await tx.query(
      `INSERT INTO invite_redemptions (invitee_id, inviter_id, reward_days)
       SELECT unnest($2::bigint[]), $1, $3`,
      [userId, used, INVITE_REWARD.days],
    );
    const [v] = await tx.query<{ vip_id: number; vip_expire: string }>(
      `UPDATE users SET
         vip_expires_at = CASE WHEN vip_id >= $3 AND vip_expires_at > now() THEN vip_expires_at ELSE now() END
                          + make_interval(days => $2),
         vip_id = CASE WHEN vip_id >= $3 AND vip_expires_at > now() THEN vip_id ELSE $3 END
       WHERE id = $1
       RETURNING vip_id, to_char(vip_expires_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS vip_expire`,
      [userId, days, INVITE_REWARD.level],
    );
    return {
      ok: true,
      days,
      used: used.length,
      vip_id: Number(v?.vip_id ?? INVITE_REWARD.level),
      vip_expire: v?.vip_expire ?? '',
      progress: await inviteProgress(tx, userId),
    };
  });
}
