import { type Context, Hono } from 'hono';
import { contract } from '../../contract';
import { NOT_COLLECTED } from '../../contract/shapes/tools';
import { can } from '../../members/membership';
import { articleContent, commentRank } from '../article-tools-query';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, type Refusals } from '../http/mount';
import { publicBase, requireLevel, requireMember } from '../member-session';
import { articleRefOf, latestCounts } from '../queries/article-reports';
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

const { tools } = contract;

/** The tools check their input before the member (a bad link is 400 for anyone): their gate runs in the handler. */
const gateInHandler: Refusals = { gate: () => null };

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
 * Tools under /fbmain/tools/v1. Link tools (spec §2 /sogoHerf, /sogopro, /langchinge, /ApiWXLinkShort2Long):
 * link_permanent (a temporary or short article link to its permanent link, via the upstream; a batch for paid
 * members), short_to_long (a WeChat short link, or one of ours, to the long link) and short_link (our own short
 * links: POST makes one, GET lists the member's); members only. Article tools (spec §2 /getHtml, /articleContent,
 * /wxarticle, /details, /readPro, /comment): article_content (a collected article's parsed page, counters and read
 * quality), read_batch (the latest reads of up to 20 links at once), members only like monitor/v3 read_zan; and
 * comment_rank (articles with the most comments), public like the other article lists. Definitions: docs/api.md.
 */
export function toolHandlers(deps: ApiDeps): Mounted[] {
  const hosts = linkHosts(deps.upstream);
  const upstreamOff = (c: Context) => fail(c, 503, Codes.UNAVAILABLE, '链接工具暂不可用：未配置微信上游');

  return [
    handle(
      tools.linkPermanent,
      async ({ url, urls }, c) => {
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
          return { input: url, kind: k.link.kind, ...permanentItem(r.article) };
        }
        // Each link that will be fetched is one unit of the member's upstream budget, all taken before the batch.
        const fetched = (urls ?? []).filter((u) => classifyLink(u, hosts).ok).length;
        const limited = fetched > 0 ? await memberUpstreamLimit(c, deps, me, fetched) : null;
        if (limited) return limited;
        const list = await inTurns(urls ?? [], 4, async (input) => {
          const k = classifyLink(input, hosts);
          if (!k.ok) return { input, ok: false as const, msg: k.msg };
          const r = await resolveLink(upstream, k.link);
          return r.ok
            ? { input, ok: true as const, kind: k.link.kind, ...permanentItem(r.article) }
            : { input, ok: false as const, kind: k.link.kind, msg: r.msg };
        });
        return { total: list.length, success: list.filter((x) => x.ok).length, list };
      },
      gateInHandler,
    ),

    handle(
      tools.shortToLong,
      async ({ url }, c) => {
        const me = requireMember(c);
        if (me instanceof Response) return me;
        const r = await shortToLong(deps, url, publicBase(c, deps.members), memberCaller(c, deps, me));
        if (!r.ok && r.retryAfterS) c.header('retry-after', String(r.retryAfterS));
        return r.ok ? r.data : fail(c, r.http, r.code, r.msg);
      },
      gateInHandler,
    ),

    handle(
      tools.shortLink,
      async ({ url }, c) => {
        const me = requireMember(c);
        if (me instanceof Response) return me;
        const k = classifyLink(url, hosts);
        if (!k.ok) return fail(c, 400, Codes.BAD_INPUT, `参数错误：链接地址 (url) ${k.msg}`);
        const made = await shortenLink(deps.members.db, me.id, k.url.toString());
        if (made === 'limit')
          return fail(c, 400, Codes.BAD_INPUT, `短链接数量已达上限（每人 ${SHORT_LINKS_PER_MEMBER} 个）`);
        return {
          code: made.code,
          short_url: `${publicBase(c, deps.members)}/t/${made.code}`,
          url: k.url.toString(),
          created: made.created,
        };
      },
      gateInHandler,
    ),

    handle(
      tools.shortLinkList,
      async ({ page, num }, c) => {
        const me = requireMember(c);
        if (me instanceof Response) return me;
        const { total, rows } = await listShortLinks(deps.members.db, me.id, page, num);
        const base = publicBase(c, deps.members);
        return { total, list: rows.map((r) => ({ ...r, short_url: `${base}/t/${r.code}` })) };
      },
      gateInHandler,
    ),

    handle(
      tools.articleContent,
      async (q, c) => {
        const r = await articleRefOf(deps.store, q);
        if (!r.ok) return fail(c, r.status, r.status === 404 ? Codes.NOT_FOUND : Codes.BAD_INPUT, r.msg);
        const me = requireMember(c);
        if (me instanceof Response) return me;
        const a = await articleContent(deps.store, r.ref);
        return a ?? fail(c, 404, Codes.NOT_FOUND, NOT_COLLECTED);
      },
      gateInHandler,
    ),

    handle(
      tools.readBatch,
      async ({ urls }, c) => {
        const me = requireMember(c);
        if (me instanceof Response) return me;
        const list = [];
        // One line at a time: each is two point reads, and 20 lines stay well under a second.
        for (const url of urls) {
          const r = await articleRefOf(deps.store, { url });
          if (!r.ok) {
            list.push({ input: url, ok: false as const, msg: r.msg });
            continue;
          }
          const counts = await latestCounts(deps.store, r.ref);
          list.push(
            counts
              ? { input: url, ok: true as const, ...counts }
              : { input: url, ok: false as const, msg: NOT_COLLECTED },
          );
        }
        return { total: list.length, success: list.filter((x) => x.ok).length, list };
      },
      gateInHandler,
    ),

    handle(tools.commentRank, async (q) => {
      const r = await commentRank(deps.store, {
        mid: q.mid ?? null,
        days: q.days,
        sort: q.sort,
        page: q.page,
        size: q.num,
        nowMs: deps.clock.now(),
      });
      return { ...r, days: q.days, sort: q.sort, page: q.page };
    }),
  ];
}

/** GET /t/<code>: our short links redirect (302) to the link they stand for (outside /fbmain: short). */
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
