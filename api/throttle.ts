import type { Context } from 'hono';
import { M } from '../contract/member-texts';
import { MemoryRateLimiter, type RateLimiter } from '../core/rate-limiter';
import { can } from '../members/membership';
import type { Member } from '../members/sessions';
import type { ApiDeps } from './deps';
import { Codes, fail } from './envelope';
import { clientIp } from './member-session';

/**
 * Rate limits of the /fbmain calls, on the platform's one limiter (core/rate-limiter.ts: Redis with REDIS_URL,
 * shared by the replicas; else this process). Two kinds: writes anyone may send, per client address; and calls that
 * make the platform fetch from the upstream (WeChat) on someone's demand, per member (or API key holder) and per
 * address. A refusal answers HTTP 429 with Retry-After, `error_code` 42900 and a Chinese message.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Writes open to visitors, per client address and window. */
export const PUBLIC_WRITE_LIMITS = {
  // One event per route change: people (several behind one NAT, or the route sweep's three tabs) stay far below
  // 12 a second; a script posting hundreds a second is cut off.
  page_view: { limit: 120, windowMs: 10_000 },
  submit_demand: { limit: 10, windowMs: 3_600_000 },
  // A new QR login attempt (a row each); the dialog asks for one on opening and on refresh.
  qrcode: { limit: 30, windowMs: MINUTE },
} as const;

/**
 * Upstream fetches on demand (link tools, the open API's link_short2long, inclusion, page and owner refresh): each
 * link resolved or inclusion line is one unit. These come on top of the collectors' own crawl through the same
 * upstream and credential pool (UPSTREAM_RATE_PER_CREDENTIAL), so they are kept to a small share of it: a member's
 * minute holds a few dozen, an address (members behind one NAT) a few members' worth. Inclusions also add accounts
 * to the permanent crawl, each a standing cost of every crawl round: capped per member and day (INCLUSION_DAILY_CAP
 * for free members, `paidInclusionFactor` times that for paid ones).
 */
export const UPSTREAM_LIMITS = {
  /** Free members (level 1). */
  free: { perMinute: 30, perDay: 300 },
  /** Paid members (level 2 and up) and API key holders, who pay per call. */
  paid: { perMinute: 60, perDay: 3000 },
  perIpMinute: 120,
  paidInclusionFactor: 10,
} as const;

const fallbacks = new WeakMap<ApiDeps, RateLimiter>();

/** The app's limiter (or the open API's, when only that one is given); an app built without one gets its own. */
export function limiterOf(deps: ApiDeps): RateLimiter {
  const given = deps.limiter ?? deps.openApiLimit?.limiter;
  if (given) return given;
  let l = fallbacks.get(deps);
  if (!l) {
    l = new MemoryRateLimiter();
    fallbacks.set(deps, l);
  }
  return l;
}

interface Bucket {
  key: string;
  limit: number;
  windowMs: number;
  msg: (retryAfterS: number) => string;
}

export interface Refusal {
  retryAfterS: number;
  msg: string;
}

/**
 * Counts `cost` hits in every bucket; the refusal with the longest wait, or null. A limiter that fails (Redis down)
 * lets the call through, loudly, as the open API's limit does.
 */
async function spend(deps: ApiDeps, buckets: Bucket[], cost: number): Promise<Refusal | null> {
  let refused: Refusal | null = null;
  for (const b of buckets) {
    let d: Awaited<ReturnType<RateLimiter['hit']>>;
    try {
      d = await limiterOf(deps).hit(b.key, b.limit, b.windowMs, cost);
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, bucket: b.key.split(':')[0] }, 'rate limiter unavailable');
      return null;
    }
    if (!d.allowed && (!refused || d.retryAfterS > refused.retryAfterS))
      refused = { retryAfterS: d.retryAfterS, msg: b.msg(d.retryAfterS) };
  }
  return refused;
}

/** The 429 answer of a refusal, in the /fbmain envelope. */
export function tooMany(c: Context, r: Refusal): Response {
  c.header('retry-after', String(r.retryAfterS));
  return fail(c, 429, Codes.RATE_LIMITED, r.msg);
}

/** A public write (page_view, submit_demand, qrcode): null to go on, else the 429 answer. */
export async function publicWriteLimit(
  c: Context,
  deps: ApiDeps,
  name: keyof typeof PUBLIC_WRITE_LIMITS,
): Promise<Response | null> {
  const w = PUBLIC_WRITE_LIMITS[name];
  const ip = clientIp(c, deps.members);
  const r = await spend(deps, [{ key: `pw:${name}:${ip}`, ...w, msg: M.RATE_LIMITED }], 1);
  return r ? tooMany(c, r) : null;
}

/** Who asks the upstream for something: a member (by level) or an API key's holder (always the paid budget). */
export interface UpstreamCaller {
  userId: number;
  paid: boolean;
  /** The client address, when the call comes from a browser (the open API is limited per key instead). */
  ip: string | null;
}

export const memberCaller = (c: Context, deps: ApiDeps, m: Member): UpstreamCaller => ({
  userId: m.id,
  paid: can.paidFeature(m),
  ip: clientIp(c, deps.members),
});

/** Takes `units` upstream fetches from the caller's minute and day and from the address's minute. */
export function spendUpstream(deps: ApiDeps, who: UpstreamCaller, units: number): Promise<Refusal | null> {
  const tier = who.paid ? UPSTREAM_LIMITS.paid : UPSTREAM_LIMITS.free;
  const buckets: Bucket[] = [
    { key: `up:m:${who.userId}`, limit: tier.perMinute, windowMs: MINUTE, msg: M.UPSTREAM_RATE_LIMITED },
    {
      key: `up:day:${who.userId}`,
      limit: tier.perDay,
      windowMs: DAY,
      msg: () => M.UPSTREAM_DAILY_CAP(tier.perDay),
    },
  ];
  if (who.ip !== null)
    buckets.push({
      key: `up:ip:${who.ip}`,
      limit: UPSTREAM_LIMITS.perIpMinute,
      windowMs: MINUTE,
      msg: M.UPSTREAM_RATE_LIMITED,
    });
  return spend(deps, buckets, units);
}

/** spendUpstream for a member's /fbmain call: null to go on, else the 429 answer. */
export async function memberUpstreamLimit(
  c: Context,
  deps: ApiDeps,
  m: Member,
  units: number,
): Promise<Response | null> {
  const r = await spendUpstream(deps, memberCaller(c, deps, m), units);
  return r ? tooMany(c, r) : null;
}

const inclusionBucket = (deps: ApiDeps, m: Member) => {
  const free = deps.inclusionDailyCap ?? 20;
  const perDay = can.paidFeature(m) ? free * UPSTREAM_LIMITS.paidInclusionFactor : free;
  return { key: `incl:${m.id}`, perDay };
};

/** Before an inclusion: refused once the member's new accounts today reached the cap (counting nothing). */
export async function inclusionLimit(c: Context, deps: ApiDeps, m: Member): Promise<Response | null> {
  const { key, perDay } = inclusionBucket(deps, m);
  // A zero-cost hit reads the count; "limit - 1" makes a full day's count (count = perDay) a refusal.
  const r = await spend(
    deps,
    [{ key, limit: perDay - 1, windowMs: DAY, msg: () => M.INCLUSION_DAILY_CAP(perDay) }],
    0,
  );
  return r ? tooMany(c, r) : null;
}

/** After an inclusion: the accounts it newly added to the permanent crawl count against the member's day. */
export async function countInclusions(deps: ApiDeps, m: Member, added: number): Promise<void> {
  if (added <= 0) return;
  const { key, perDay } = inclusionBucket(deps, m);
  await spend(deps, [{ key, limit: perDay, windowMs: DAY, msg: () => '' }], added);
}
