import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import { publicBase, requireLevel, requireMember } from '../member-session';
import {
  followShortLink,
  listShortLinks,
  SHORT_CODE_RE,
  SHORT_LINKS_PER_MEMBER,
  shortenLink,
} from '../short-links-query';
import { shortToLong } from '../short-to-long';
import { memberCaller, memberUpstreamLimit } from '../throttle';
import { classifyLink, linkHosts, permanentItem, type Resolved, resolveLink } from '../wechat-links';

/** Links one batch conversion takes (paid members; a free member converts one at a time). */
export const BATCH_MAX = 20;

const link = z.string({ message: '不能为空' }).trim().min(1, '不能为空').max(2000, '最长 2000 个字符');
const permanentInput = z.object({
  url: link.optional(),
  // One link a line (or separated by spaces or commas), as the batch page's text box sends them.
  urls: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(/[\s,]+/)
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z
        .array(link, { message: '必须是每行一个的链接' })
        .min(1, '至少 1 个')
        .max(BATCH_MAX, `最多 ${BATCH_MAX} 个`),
    )
    .optional(),
});

/** Envelope of a failed resolution: an expired link is the caller's to renew, a missing article 404. */
const failed = (c: Context, r: Extract<Resolved, { ok: false }>) =>
  r.reason === 'unavailable'
    ? fail(c, 502, Codes.UNAVAILABLE, r.msg)
    : r.reason === 'not_found'
      ? fail(c, 404, Codes.NOT_FOUND, r.msg)
      : fail(c, 400, Codes.BAD_INPUT, r.msg);

/** Runs `f` over `items`, `n` at a time, keeping their order. */
async function inTurns<T, R>(items: T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += n) out.push(...(await Promise.all(items.slice(i, i + n).map(f))));
  return out;
}

/**
 * Link tools under /fbmain/tools/v1 (spec §2 /sogoHerf, /sogopro, /langchinge, /ApiWXLinkShort2Long):
 * link_permanent (a temporary or short article link to its permanent link, via the upstream; a batch for paid
 * members), short_to_long (a WeChat short link, or one of ours, to the long link) and short_link (our own short
 * links: POST makes one, GET lists the member's). Members only. Definitions: docs/api.md.
 */
export function linkToolRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const hosts = linkHosts(deps.upstream);
  const upstreamOff = (c: Context) => fail(c, 503, Codes.UNAVAILABLE, '链接工具暂不可用：未配置微信上游');

  app.on(['GET', 'POST'], '/link_permanent', async (c) => {
    const input = await parseInput(c, permanentInput);
    if (!input.ok) return input.response;
    const { url, urls } = input.data;
    if ((url === undefined) === (urls === undefined))
      return fail(c, 400, Codes.BAD_INPUT, '参数错误：请提供链接地址 (url) 或链接列表 (urls) 之一');
    const me =
      urls && urls.length > 1
        ? requireLevel(c, can.paidFeature, 'error_code', '批量转换仅限高级及以上会员，普通会员请逐条转换')
        : requireMember(c);
    if (me instanceof Response) return me;
    const upstream = deps.upstream;
    if (!upstream) return upstreamOff(c);

    if (url !== undefined) {
      const k = classifyLink(url, hosts);
      if (!k.ok) return fail(c, 400, Codes.BAD_INPUT, `参数错误：链接地址 (url) ${k.msg}`);
      const limited = await memberUpstreamLimit(c, deps, me, 1);
      if (limited) return limited;
      const r = await resolveLink(upstream, k.link);
      if (!r.ok) return failed(c, r);
      return ok(c, { input: url, kind: k.link.kind, ...permanentItem(r.article) });
    }
    // Each link that will be fetched is one unit of the member's upstream budget, all taken before the batch.
    const fetched = (urls ?? []).filter((u) => classifyLink(u, hosts).ok).length;
    const limited = fetched > 0 ? await memberUpstreamLimit(c, deps, me, fetched) : null;
    if (limited) return limited;
    const list = await inTurns(urls ?? [], 4, async (input) => {
      const k = classifyLink(input, hosts);
      if (!k.ok) return { input, ok: false, msg: k.msg };
      const r = await resolveLink(upstream, k.link);
      return r.ok
        ? { input, ok: true, kind: k.link.kind, ...permanentItem(r.article) }
        : { input, ok: false, kind: k.link.kind, msg: r.msg };
    });
    return ok(c, { total: list.length, success: list.filter((x) => x.ok).length, list });
  });

  app.on(['GET', 'POST'], '/short_to_long', async (c) => {
    const input = await parseInput(c, z.object({ url: link }));
    if (!input.ok) return input.response;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const r = await shortToLong(deps, input.data.url, publicBase(c, deps.members), memberCaller(c, deps, me));
    if (!r.ok && r.retryAfterS) c.header('retry-after', String(r.retryAfterS));
    return r.ok ? ok(c, r.data) : fail(c, r.http, r.code, r.msg);
  });

  app.post('/short_link', async (c) => {
    const input = await parseInput(c, z.object({ url: link }));
    if (!input.ok) return input.response;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const k = classifyLink(input.data.url, hosts);
    if (!k.ok) return fail(c, 400, Codes.BAD_INPUT, `参数错误：链接地址 (url) ${k.msg}`);
    const made = await shortenLink(deps.members.db, me.id, k.url.toString());
    if (made === 'limit')
      return fail(c, 400, Codes.BAD_INPUT, `短链接数量已达上限（每人 ${SHORT_LINKS_PER_MEMBER} 个）`);
    return ok(c, {
      code: made.code,
      short_url: `${publicBase(c, deps.members)}/t/${made.code}`,
      url: k.url.toString(),
      created: made.created,
    });
  });

  app.get('/short_link', async (c) => {
    const input = await parseInput(c, z.object({ page: pageNumber, num: pageSize(50, 20) }));
    if (!input.ok) return input.response;
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const { total, rows } = await listShortLinks(deps.members.db, me.id, input.data.page, input.data.num);
    const base = publicBase(c, deps.members);
    return ok(c, { total, list: rows.map((r) => ({ ...r, short_url: `${base}/t/${r.code}` })) });
  });
  return app;
}

/** GET /t/<code>: our short links redirect (302) to the link they stand for. */
export function shortLinkRedirect(deps: ApiDeps): Hono {
  const app = new Hono();
  app.get('/:code', async (c) => {
    const code = c.req.param('code');
    const url = SHORT_CODE_RE.test(code) ? await followShortLink(deps.members.db, code) : null;
    if (!url) return c.text('短链接不存在或已失效', 404);
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(url, 302);
  });
  return app;
}
