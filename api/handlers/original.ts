import type { Context } from 'hono';
import { contract } from '../../contract';
import { can } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { depthGate } from '../http/depth-gate';
import { handle, type Mounted } from '../http/mount';
import { requireLevel } from '../member-session';
import { answer } from '../monitor-envelope';
import { getAccount, originalLinks } from '../queries/accounts';
import { accountMinipros } from '../queries/minipro';
import { hotOriginalArticles, originalCategories, originalReadsOf, originalTags } from '../queries/original';
import { type RankScope, rankingPage } from '../queries/rankings';

const { original } = contract;

const notFound = (c: Context) => answer(c, 404, '公众号不存在或尚未收录');

/**
 * The account tabs check the input before the level (bad input answers 400 even to a visitor), so their gate runs
 * in the handler, after the input is parsed.
 */
const afterInput = { gate: () => null };
const paidLevel = (c: Context) => {
  const member = requireLevel(c, can.paidFeature, 'status');
  return member instanceof Response ? member : null;
};

/**
 * original/v1 (spec §7 原创), answering in `status` (200; 4002 level insufficient, as spec §8 says): onelevel
 * (industries with original articles), secondlevel (the tags under one industry), hotarticle (hot original
 * articles), ranklisk (rank/v1 original with each account's original reads; 4002 beyond the free depth), and the
 * account tabs 阅读原文 links (original_text_link) and embedded mini-programs (associated_applet), paid levels.
 */
export function originalHandlers(deps: ApiDeps): Mounted[] {
  const now = () => deps.clock.now();

  return [
    handle(original.onelevel, async (q) => {
      const list = await originalCategories(deps.store, { days: q.days, nowMs: now() });
      return {
        days: q.days,
        total_number: list.length,
        article_total: list.reduce((n, r) => n + r.article_num, 0),
        list,
      };
    }),
    handle(original.secondlevel, async (q) => {
      const { total, rows } = await originalTags(deps.store, {
        media: q.media,
        days: q.days,
        nowMs: now(),
        page: q.page,
        size: q.pagesize,
      });
      return { media: q.media, days: q.days, total_number: total, list: rows };
    }),
    handle(original.hotarticle, async (q, c) => {
      const gate = depthGate(c, q.page, q.pagesize, 'status');
      if (gate) return gate;
      const { total, article_list } = await hotOriginalArticles(deps.store, {
        media: q.media || null,
        tag: q.tag || null,
        days: q.days,
        sort: q.orderby,
        page: q.page,
        size: q.pagesize,
        nowMs: now(),
      });
      return { total_number: total, article_list };
    }),
    handle(original.ranklisk, async (q, c) => {
      const gate = depthGate(c, q.page, q.num, 'status');
      if (gate) return gate;
      const scope: RankScope = q.media ? 'media' : q.area ? 'area' : 'all';
      const page = await rankingPage(deps.store, {
        type: 'original',
        period: q.period,
        date: q.date ?? null,
        media: q.media || null,
        area: q.area || null,
        scope,
        page: q.page,
        size: q.num,
        nowMs: now(),
      });
      const reads = await originalReadsOf(
        deps.store,
        page.list.map((r) => r.mid),
        page.period_start,
        page.period_end,
      );
      const { list, total, ...period } = page;
      return {
        ...period,
        total_number: total,
        list: list.map((r) => {
          const originalReads = reads.get(r.mid) ?? 0;
          return {
            ...r,
            original_reads: originalReads,
            original_avg_read: r.originals > 0 ? Math.round(originalReads / r.originals) : 0,
            original_share: r.articles > 0 ? Math.round((r.originals / r.articles) * 100) / 100 : 0,
          };
        }),
      };
    }),
    handle(
      original.originalTextLink,
      async (q, c) => {
        const denied = paidLevel(c);
        if (denied) return denied;
        const account = await getAccount(deps.store, q.id);
        if (!account) return notFound(c);
        const { total, rows } = await originalLinks(deps.store, {
          mid: q.id,
          days: q.days,
          order: q.orderby,
          page: q.page,
          size: q.pagesize,
          nowS: Math.floor(now() / 1000),
        });
        return {
          total_number: total,
          article_list: rows.map((r) => ({
            article_position: Number(r.idx),
            article_title: r.title,
            article_url: r.href,
            mp_name: account.name,
            article_pubtime: r.pubtime,
            article_readnum: Number(r.reads),
            article_zannum: Number(r.likes),
            original_address: r.source_url,
            // Our article page's key (`<mid>_<aid>`): the title leads there, not to the upstream page.
            post: `${q.id}_${r.aid}`,
          })),
        };
      },
      afterInput,
    ),
    handle(
      original.associatedApplet,
      async (q, c) => {
        const denied = paidLevel(c);
        if (denied) return denied;
        if (!(await getAccount(deps.store, q.id))) return notFound(c);
        const { total, rows } = await accountMinipros(deps.store, {
          mid: q.id,
          sort: q.orderby,
          page: q.page,
          size: q.pagesize,
          sinceS: Math.floor(now() / 1000) - 30 * 86_400,
        });
        return { total_number: total, applet_data: rows };
      },
      afterInput,
    ),
  ];
}
