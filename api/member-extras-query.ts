import { beijingDay } from '../core/periods';
import type { Members } from '../members/index';
import { LEVEL } from '../members/membership';
import type { MemberDb } from '../postgres/db';

/**
 * Reads behind the member's own extras: their API use (monitor/v3 api_user_detail) and invite rewards (main/v1
 * invite_to_vip).
 */

/** monitor/v3 api_user_detail: the API customer's balance, trial, keys and recent use. */
export async function apiUserDetail(members: Members, userId: number, nowMs: number) {
  const [balance, keys, usage, ledger] = await Promise.all([
    members.metering.balance(userId),
    members.apiKeys.list(userId),
    members.metering.usage(userId, 30),
    members.metering.ledgerSummary(userId),
  ]);
  // The ledger's days are on the database's (wall) clock, so "today" is too.
  const today = beijingDay(nowMs);
  const weekStart = beijingDay(nowMs - 6 * 86_400_000);
  const sum = (pred: (day: string) => boolean) =>
    usage.filter((u) => pred(u.day)).reduce((s, u) => s + Number(u.calls), 0);
  return {
    balance: balance.balance,
    trial_quota: balance.trial,
    recharged_calls: ledger.recharged,
    keys_active: keys.filter((k) => !k.revoked).length,
    keys_total: keys.length,
    calls_today: sum((d) => d === today),
    calls_7d: sum((d) => d >= weekStart),
    calls_30d: sum(() => true),
    last_call_at: ledger.last_call,
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
