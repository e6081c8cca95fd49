import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { firstMessage } from '../contract/member-fields';
import { M, MemberCodes } from '../contract/member-texts';
import type { Members } from '../members/index';
import { can } from '../members/membership';
import type { Member } from '../members/sessions';
import { fail, readInput } from './envelope';

declare module 'hono' {
  interface ContextVariableMap {
    /** The member behind the accessToken header, or null for a visitor. */
    member: Member | null;
    accessToken: string | null;
  }
}

/** Resolves the accessToken header (spec §7) on every /fbmain call; visitors pass through as null. */
export function memberSession(members: Members): MiddlewareHandler {
  return async (c, next) => {
    const token = c.req.header('accessToken')?.trim() || null;
    c.set('accessToken', token);
    c.set('member', token ? await members.sessions.resolve(token) : null);
    await next();
  };
}

export const memberOf = (c: Context): Member | null => c.get('member') ?? null;

export const notLoggedIn = (c: Context) => fail(c, 401, MemberCodes.NOT_LOGGED_IN, M.NOT_LOGGED_IN);

/** The member, or the "user not logged in" envelope the dashboard clears its session on. */
export function requireMember(c: Context): Member | Response {
  return memberOf(c) ?? notLoggedIn(c);
}

export function requireAdmin(c: Context): Member | Response {
  const m = memberOf(c);
  if (!m) return notLoggedIn(c);
  return can.admin(m) ? m : fail(c, 403, MemberCodes.LEVEL_INSUFFICIENT, M.ADMIN_ONLY);
}

/** Parses a member form; a failure answers the first §5 message as is, with the given error_code. */
export async function parseForm<S extends z.ZodType>(
  c: Context,
  schema: S,
  code: number = MemberCodes.FORM_INVALID,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const r = schema.safeParse(await readInput(c));
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, response: fail(c, 400, code, firstMessage(r.error)) };
}

/**
 * The client address for rate limits: the socket peer, or behind TRUST_PROXY=N trusted proxies the right-most
 * X-Forwarded-For entry they did not add. Each proxy appends the address it received the request from, and the last
 * proxy is the socket peer, so the N-th entry from the right is what the first trusted proxy saw; entries left of it
 * are whatever the client sent. With fewer entries than proxies the left-most one is the best there is.
 */
export function clientIp(c: Context, members: Members): string {
  const n = members.trustedProxies;
  if (n > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const hop = hops[Math.max(0, hops.length - n)];
    if (hop) return hop.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Base URL for links we hand out (QR confirm page, OAuth and payment callbacks, pay_url, short links): PUBLIC_URL.
 * Only demo mode without it builds them from the request, whose Host header the client chooses.
 */
export function publicBase(c: Context, members: Members): string {
  if (members.publicUrl) return members.publicUrl;
  if (!members.demo.hostLinks) throw new Error('PUBLIC_URL is required outside demo mode');
  return new URL(c.req.url).origin;
}

export const maskPhone = (p: string | null) => (p ? `${p.slice(0, 3)}****${p.slice(-4)}` : '');

/**
 * The permission gate other routes use (spec §6, §8): a visitor gets 用户未登录, a member below the
 * level gets 40002 in error_code (search and group calls) or 4002 in status (link and applet calls).
 */
export function requireLevel(
  c: Context,
  allowed: (m: Member) => boolean,
  style: 'error_code' | 'status' = 'error_code',
  msg: string = M.LEVEL_INSUFFICIENT,
): Member | Response {
  const m = memberOf(c);
  if (!m) return notLoggedIn(c);
  if (allowed(m)) return m;
  return style === 'status'
    ? c.json({ status: 4002, msg })
    : fail(c, 403, MemberCodes.LEVEL_INSUFFICIENT, msg);
}
