import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { accountKey } from '../../collectors/messages-of';
import { accountId } from '../../contract/inputs';
import { M } from '../../contract/member-texts';
import { beijingDateTime } from '../../core/periods';
import { midOf } from '../../core/wechat-ids';
import { can } from '../../members/membership';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { describeIssues, readInput } from '../envelope';
import { requireLevel } from '../member-session';
import { type AccountRow, getAccount } from '../queries/accounts';
import { memberUpstreamLimit } from '../throttle';

/** The page-update button's busy state (spec §9: 5 s). */
export const UPDATE_BUSY_MS = 5_000;

/**
 * mp_update's input: the account by `mid`, or by `url` (spec §7: url and time), any mp.weixin.qq.com link carrying
 * `__biz` (an article's long link, the account's home page); `time` is the data-update time the member's page shows,
 * as Beijing `YYYY-MM-DD HH:mm:ss` (or a date, or unix seconds), made the same text as the account's update_time.
 */
const updateInput = z.object({
  mid: accountId.optional(),
  url: z.string().trim().max(2000, '最长 2000 个字符').optional(),
  time: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const text = /^\d{9,10}$/.test(v) ? beijingDateTime(Number(v) * 1000) : normalDateTime(v);
      if (text === null) {
        ctx.addIssue({ code: 'custom', message: '格式应为 YYYY-MM-DD HH:mm:ss 或 Unix 秒' });
        return z.NEVER;
      }
      return text;
    }),
});

const normalDateTime = (v: string): string | null => {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const p = (x: string) => x.padStart(2, '0');
  if (Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(se) > 59) return null;
  return `${y}-${p(mo as string)}-${p(d as string)} ${p(h)}:${p(mi)}:${p(se)}`;
};

/** The account a link names through its `__biz` (article long links, home pages); null for anything else. */
function midOfLink(url: string | undefined): number | null {
  if (!url) return null;
  try {
    const u = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    const biz = u.searchParams.get('__biz');
    if (!biz) return null;
    const mid = midOf(biz);
    return Number.isSafeInteger(mid) && mid > 0 ? mid : null;
  } catch {
    return null;
  }
}

/** Per app (per deps): when each member last asked for an account's update; mp_update and update_zhuti_info share it. */
const lastUpdates = new WeakMap<ApiDeps, Map<string, number>>();

/**
 * A crawl of one account's profile and newest posts on the member's demand (`update` on crawl.requests), under
 * the 5 s busy rule per member and account. Answers in mp_update's envelope (spec §8: code 0 success, 1 notice,
 * others a warning). mp_update (level above 1) and update_zhuti_info (owner info, level 3) both send it: the
 * profile the collector re-reads carries the owner (主体).
 */
export async function requestAccountUpdate(
  c: Context,
  deps: ApiDeps,
  rule: { allowed: (m: Member | null) => boolean; levelMsg: string; okMsg: string },
  extra: (account: AccountRow) => Record<string, unknown> = () => ({}),
): Promise<Response> {
  const parsed = updateInput.safeParse(await readInput(c));
  if (!parsed.success) return c.json({ code: 2, msg: describeIssues(parsed.error) });
  const member = requireLevel(c, rule.allowed, 'error_code', rule.levelMsg);
  if (member instanceof Response) return member;
  const mid = parsed.data.mid ?? midOfLink(parsed.data.url);
  if (mid === null)
    return c.json({
      code: 2,
      msg: '请提供公众号 ID (mid)，或带 __biz 的文章链接、公众号主页链接 (url)；短链接不含公众号',
    });
  const account = await getAccount(deps.store, mid);
  if (!account) return c.json({ code: 2, msg: '公众号不存在或尚未收录' });
  // The page's own update time (spec: mp_update url and time): data newer than what the member sees needs no crawl.
  if (parsed.data.time && account.update_time > parsed.data.time)
    return c.json({
      code: 1,
      msg: `数据已于 ${account.update_time} 更新，请刷新页面查看`,
      data: { update_time: account.update_time },
    });
  if (!deps.bus) return c.json({ code: 2, msg: '更新服务暂不可用，请稍后重试' }, 503);
  let lastUpdate = lastUpdates.get(deps);
  if (!lastUpdate) {
    lastUpdate = new Map();
    lastUpdates.set(deps, lastUpdate);
  }
  const key = `${member.id}:${account.mid}`;
  const last = lastUpdate.get(key) ?? 0;
  if (Date.now() - last < UPDATE_BUSY_MS)
    return c.json({ code: 1, msg: '数据更新中，点击间隔为 5 秒，请稍后再试' });
  const limited = await memberUpstreamLimit(c, deps, member, 1);
  if (limited) return limited;
  lastUpdate.set(key, Date.now());
  // Only the last 5 s matter: older entries go, so the map stays as small as the recent clicks.
  for (const [k, at] of lastUpdate) if (Date.now() - at >= UPDATE_BUSY_MS) lastUpdate.delete(k);
  const requestId = randomUUID();
  await deps.bus.publish('crawl.requests', [
    {
      key: accountKey(account.biz),
      value: { request_id: requestId, kind: 'update', biz: account.biz, requested_at: Date.now() },
    },
  ]);
  return c.json({ code: 0, msg: rule.okMsg, data: { request_id: requestId, ...extra(account) } });
}

/**
 * Page update (mp_update) and owner refresh (update_zhuti_info): they answer in mp_update's own envelope (spec §8
 * `code`), which the contract mount does not serve yet.
 */
export function inclusionRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  // Page update of an account's posts (detail header refresh): level above 1, one request per account per 5 s.
  app.post('/mp_update', (c: Context) =>
    requestAccountUpdate(c, deps, {
      allowed: can.pageUpdate,
      levelMsg: M.PAGE_UPDATE_LEVEL,
      okMsg: '数据刷新中，文章较多时更新可能延迟 3-5 分钟',
    }),
  );

  // Owner (主体) refresh: the collectors re-read the account's profile; owner info is for deluxe and above.
  app.post('/update_zhuti_info', (c) =>
    requestAccountUpdate(
      c,
      deps,
      { allowed: can.ownerInfo, levelMsg: M.OWNER_LEVEL, okMsg: '主体信息刷新中，稍后刷新页面即可查看' },
      (a) => ({ owner: a.owner, area: a.area }),
    ),
  );
  return app;
}
