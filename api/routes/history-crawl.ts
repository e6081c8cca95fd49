import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { accountKey } from '../../collectors/messages-of';
import { BACKFILL_MAX_DAYS } from '../../collectors/requests';
import { type AccountBrief, accountsByMid } from '../../members/catalog';
import { CRAWL_STATES, type CrawlRow, type CrawlState, HistoryCrawls } from '../../members/history-crawls';
import { backfillAllowance, backfillCost } from '../../members/membership';
import { quotaMonth } from '../../members/monthly-quota';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import {
  articlesLanded,
  type CrawlProgress,
  crawlProgress,
  windowArticles,
  windowArticleText,
  windowStorage,
} from '../history-crawl-query';
import { noNul } from '../inputs';
import {
  answer,
  blankToUndefined,
  member,
  memberWith,
  midField,
  num,
  okData,
  paging,
  parse,
  text,
} from '../monitor-envelope';
import { beijing, resolveAccount } from '../monitor-orders-query';

/**
 * History back-collection (历史回采, spec §7 History crawl) under /fbmain/monitor/v1: a member orders an account's
 * history over a window of at most 180 days (spec §9); the order debits the month's back-collection counts, is kept
 * in PostgreSQL and handed to the collectors on `crawl.requests` (kind backfill); where it stands and what it
 * collected are read from ClickHouse. Answers carry `status` 200 on success, like the other monitor calls (§8).
 */

/** A running order whose collector has not reported for this long may be cancelled (its collector is gone). */
export const STALE_MS = 10 * 60_000;

const STATE_LABEL: Record<CrawlState, string> = {
  queued: '排队中',
  running: '回采中',
  done: '已完成',
  failed: '回采失败（已退还次数）',
  cancelled: '已取消',
};
const POSITION_LABEL = ['全部', '头条', '次条', '第三条', '第四条', '第五条', '第六条', '第七条', '第八条'];

const LEVEL_MSG = '历史回采仅限高级及以上会员使用，去升级';

const requestId = text(100);
const orderInput = z
  .object({
    mid: z.preprocess(blankToUndefined, midField.optional()),
    url: z.preprocess(blankToUndefined, z.string().trim().max(2000, '不能超过 2000 个字符').optional()),
    wxid: z.preprocess(blankToUndefined, z.string().trim().max(100, '不能超过 100 个字符').optional()),
    days: num((n) => n >= 1 && n <= BACKFILL_MAX_DAYS, `只能是 1 到 ${BACKFILL_MAX_DAYS}（天）`).default(
      BACKFILL_MAX_DAYS,
    ),
    position: num((n) => n >= 0 && n <= 8, '只能是 0（全部）到 8').default(0),
  })
  .refine((v) => v.url !== undefined || v.mid !== undefined || v.wxid !== undefined, {
    message: '不能为空（请提供 mid、wxid 或公众号文章/主页链接 url）',
    path: ['mid'],
  });
const listInput = z.object({
  ...paging(50, 10),
  state: z.preprocess(
    blankToUndefined,
    z
      .enum(['all', ...CRAWL_STATES], {
        message: '只能是 queued、running、done、failed、cancelled 或 all',
      })
      .optional(),
  ),
  // Matched against account names in PostgreSQL, whose text cannot hold NUL.
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30, '不能超过 30 个字符')
      .refine(...noNul)
      .optional(),
  ),
});
const orderRef = z.object({ request_id: requestId });
const titleInput = z.object({
  request_id: requestId,
  ...paging(50, 20),
  kw: z.preprocess(blankToUndefined, z.string().trim().max(50, '不能超过 50 个字符').default('')),
});
const contentInput = z.object({
  request_id: requestId,
  aid: z.preprocess(
    blankToUndefined,
    z.string({ error: '不能为空' }).regex(/^\d{1,20}_[1-8]$/, '格式应为 msgid_位置'),
  ),
});

const day = (ms: number) => beijing(ms).slice(0, 10);

/** The export of an order's window (search/v1/export_history streams it; not duplicated here). */
export const exportUrl = (o: Pick<CrawlRow, 'mid' | 'from_ms' | 'to_ms'>) =>
  `/fbmain/search/v1/export_history?mid=${o.mid}&start_time=${day(o.from_ms)}&end_time=${day(o.to_ms)}&format=xlsx`;

const windowOf = (o: CrawlRow) => ({
  mid: o.mid,
  from: Math.floor(o.from_ms / 1000),
  to: Math.floor(o.to_ms / 1000),
  position: o.position,
});

export function historyCrawlRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const orders = new HistoryCrawls(deps.db);
  const now = () => deps.clock.now();

  const quota = async (m: Member) => {
    const allowance = backfillAllowance(m);
    const used = await orders.used(m.id, now());
    return { month: quotaMonth(now()), allowance, used, remaining: Math.max(0, allowance - used) };
  };

  /**
   * Brings the member's live orders up to their collectors' reports (done, failed — refunded — or running), so
   * that lists filter by the true state and a finished order no longer blocks a new one on its account.
   */
  const settle = async (m: Member, mid?: number) => {
    const live = await orders.live(m.id, mid);
    const progress = await crawlProgress(
      deps.store,
      live.map((o) => o.request_id),
    );
    for (const o of live) {
      const p = progress.get(o.request_id);
      if (!p) continue;
      // Done only once its articles can be read; until then it shows as running (入库中).
      const state = p.state === 'done' && !(await articlesLanded(deps.store, o.mid, p)) ? 'running' : p.state;
      if (state !== o.state) await orders.settle(o.request_id, state, p.at_ms || now());
    }
  };

  /** One list row: the order, where its collector says it stands, and the account as ClickHouse has it now. */
  const view = (o: CrawlRow, p: CrawlProgress | undefined, acc: AccountBrief | undefined) => {
    const state = o.state;
    return {
      request_id: o.request_id,
      mid: o.mid,
      biz: o.biz,
      name: acc?.name || o.name,
      mp_name: acc?.name || o.name,
      wxid: acc?.wxid ?? '',
      avatar: acc?.avatar ?? '',
      days: o.days,
      position: o.position,
      position_label: POSITION_LABEL[o.position] ?? '',
      start_time: beijing(o.from_ms),
      end_time: beijing(o.to_ms),
      cost: o.cost,
      refunded: o.refunded,
      state,
      state_label: STATE_LABEL[state],
      percent: state === 'done' ? 100 : Math.min(99, p?.percent ?? 0),
      pages: p?.pages ?? 0,
      articles: p?.articles ?? 0,
      snapshots: p?.snapshots ?? 0,
      covered_from: p?.covered_from ?? '',
      message:
        state === 'running' && p?.state === 'done'
          ? '数据入库中'
          : p && /[\u4e00-\u9fff]/.test(p.message)
            ? p.message
            : '',
      created: beijing(o.created_ms),
      finished: o.finished_ms !== null ? beijing(o.finished_ms) : '',
      export_url: exportUrl(o),
    };
  };

  /** List rows of orders, with the accounts' current names and avatars (one ClickHouse read for all). */
  const views = async (rows: CrawlRow[]) => {
    const [accounts, progress] = await Promise.all([
      accountsByMid(
        deps.store,
        rows.map((o) => o.mid),
      ),
      crawlProgress(
        deps.store,
        rows.map((o) => o.request_id),
      ),
    ]);
    return rows.map((o) => view(o, progress.get(o.request_id), accounts.get(o.mid)));
  };

  /** The member's own order, settled; or the answer that it does not exist. */
  const ownOrder = async (c: Context, m: Member, id: string): Promise<CrawlRow | Response> => {
    const first = await orders.get(m.id, id);
    if (!first) return answer(c, 404, '回采任务不存在');
    if (first.state !== 'queued' && first.state !== 'running') return first;
    await settle(m, first.mid);
    return (await orders.get(m.id, id)) ?? first;
  };

  // create_history_crawl: order back-collection of an account (by mid, WeChat id, or article/home link).
  app.post('/create_history_crawl', async (c) => {
    const me = member(c);
    if (me instanceof Response) return me;
    const input = await parse(c, orderInput);
    if (!input.ok) return input.response;
    const m = memberWith(c, (x) => backfillAllowance(x) > 0, LEVEL_MSG);
    if (m instanceof Response) return m;
    const found = await resolveAccount(deps.store, input.data);
    if (!found.ok)
      return found.status === 404
        ? answer(c, 404, '该公众号尚未收录，请先提交收录（文章链接或公众号名称）')
        : answer(c, found.status, found.msg);
    const acc = found.acc;
    const bus = deps.bus;
    if (!bus) return answer(c, 503, '回采服务暂不可用，请稍后重试');

    await settle(m, acc.mid);
    const running = (await orders.live(m.id, acc.mid))[0];
    const busy = (r: CrawlRow | undefined) =>
      answer(c, 409, '该公众号已有进行中的回采任务，请等待完成后再提交', {
        data: r ? { request_id: r.request_id } : {},
      });
    if (running) return busy(running);

    const { days, position } = input.data;
    const cost = backfillCost(days);
    const allowance = backfillAllowance(m);
    const at = now();
    const order = {
      userId: m.id,
      requestId: `hc_${randomUUID()}`,
      mid: acc.mid,
      biz: acc.biz,
      name: acc.name,
      days,
      position,
      fromMs: at - days * 86_400_000,
      toMs: at,
      cost,
      createdAtMs: at,
    };
    const placed = await orders.place(order, allowance);
    if (placed === 'running') return busy((await orders.live(m.id, acc.mid))[0]);
    if (placed === 'quota') {
      const used = await orders.used(m.id, at);
      const remaining = Math.max(0, allowance - used);
      return answer(
        c,
        4002,
        `本月回采次数不足：本次需要 ${cost} 次，本月剩余 ${remaining} 次（共 ${allowance} 次），升级会员可获得更多次数`,
        { data: { cost, remaining, allowance } },
      );
    }
    try {
      await bus.publish('crawl.requests', [
        {
          key: accountKey(acc.biz),
          value: { request_id: order.requestId, kind: 'backfill', biz: acc.biz, days, requested_at: at },
        },
      ]);
    } catch (err) {
      deps.log.error({ err, request: order.requestId }, 'back-collection not published; order refunded');
      await orders.cancel(m.id, order.requestId, now());
      return answer(c, 503, '回采服务暂不可用，本次未扣除次数，请稍后重试');
    }
    return okData(c, {
      request_id: order.requestId,
      mid: acc.mid,
      name: acc.name,
      days,
      position,
      start_time: beijing(order.fromMs),
      end_time: beijing(order.toMs),
      state: 'queued',
      state_label: STATE_LABEL.queued,
      cost,
      remaining: Math.max(0, allowance - placed.used),
      allowance,
    });
  });

  // history_crawl_list: the member's orders, newest first, with progress; filters state and keyword (account name).
  app.on(['GET', 'POST'], '/history_crawl_list', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, listInput);
    if (!input.ok) return input.response;
    const { page, pagesize, state, keyword } = input.data;
    await settle(m);
    const { total, rows } = await orders.list(
      m.id,
      {
        ...(state && state !== 'all' ? { states: [state as CrawlState] } : {}),
        ...(keyword ? { keyword } : {}),
      },
      page,
      pagesize,
    );
    const list = await views(rows);
    return okData(c, {
      list,
      total,
      page,
      pagesize,
      max_days: BACKFILL_MAX_DAYS,
      quota: await quota(m),
    });
  });

  // cancel_history_crawl: withdraw an order the collector has not started (or whose collector stopped reporting).
  app.post('/cancel_history_crawl', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, orderRef);
    if (!input.ok) return input.response;
    const o = await ownOrder(c, m, input.data.request_id);
    if (o instanceof Response) return o;
    if (o.state === 'cancelled') return answer(c, 400, '该回采任务已取消');
    if (o.state === 'done') return answer(c, 400, '该回采任务已完成，无需取消');
    if (o.state === 'failed') return answer(c, 400, '该回采任务已失败，次数已退还');
    const p = (await crawlProgress(deps.store, [o.request_id])).get(o.request_id);
    if (o.state === 'running' && p && now() - p.at_ms < STALE_MS)
      return answer(c, 400, '回采进行中，无法取消；通常几分钟内完成');
    const r = await orders.cancel(m.id, o.request_id, now());
    if (!r) return answer(c, 400, '该回采任务已结束，无需取消');
    return okData(c, { request_id: o.request_id, refunded: r.refunded, quota: await quota(m) });
  });

  // new_data_storage: what an order's window holds (counts, oldest/newest, by month) beside the collector's report.
  app.on(['GET', 'POST'], '/new_data_storage', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, orderRef);
    if (!input.ok) return input.response;
    const o = await ownOrder(c, m, input.data.request_id);
    if (o instanceof Response) return o;
    const [[order], stored] = await Promise.all([views([o]), windowStorage(deps.store, windowOf(o))]);
    const { by_month, ...totals } = stored;
    return okData(c, {
      order,
      collected: {
        pages: order?.pages ?? 0,
        articles: order?.articles ?? 0,
        snapshots: order?.snapshots ?? 0,
      },
      stored: totals,
      by_month,
      export_url: exportUrl(o),
    });
  });

  // new_data_title: the articles of an order's window, paged, newest first; kw filters titles.
  app.on(['GET', 'POST'], '/new_data_title', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, titleInput);
    if (!input.ok) return input.response;
    const o = await ownOrder(c, m, input.data.request_id);
    if (o instanceof Response) return o;
    const { page, pagesize, kw } = input.data;
    const { total, rows } = await windowArticles(deps.store, windowOf(o), { kw, page, pagesize });
    return okData(c, {
      request_id: o.request_id,
      mid: o.mid,
      article_list: rows.map((r) => ({ ...r, mid: o.mid, post: `${o.mid}_${r.aid}` })),
      total,
      page,
      pagesize,
    });
  });

  // new_data_notice_content: one collected article with its body text.
  app.on(['GET', 'POST'], '/new_data_notice_content', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, contentInput);
    if (!input.ok) return input.response;
    const o = await ownOrder(c, m, input.data.request_id);
    if (o instanceof Response) return o;
    const a = await windowArticleText(deps.store, windowOf(o), input.data.aid);
    if (!a) return answer(c, 404, '该文章不在本次回采范围内');
    return okData(c, {
      ...a,
      mid: o.mid,
      request_id: o.request_id,
      has_content: a.content !== '' ? 1 : 0,
      content_tip: a.content !== '' ? '' : '正文尚未采集（文章页获取失败），可打开原文链接查看',
    });
  });

  return app;
}
