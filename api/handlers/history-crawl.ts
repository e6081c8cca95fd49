import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { accountKey } from '../../collectors/messages-of';
import { contract } from '../../contract';
import { BACKFILL_MAX_DAYS } from '../../core/periods';
import { type AccountBrief, accountsByMid } from '../../members/catalog';
import { type CrawlRow, type CrawlState, HistoryCrawls } from '../../members/history-crawls';
import { backfillAllowance, backfillCost } from '../../members/membership';
import { quotaMonth } from '../../members/monthly-quota';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { handle, type Mounted } from '../http/mount';
import { memberOf } from '../member-session';
import { answer, memberWith, monitorRefusals } from '../monitor-envelope';
import {
  articlesLanded,
  type CrawlProgress,
  crawlProgress,
  windowArticles,
  windowArticleText,
  windowStorage,
} from '../queries/history-crawl';
import { beijing, resolveAccount } from '../queries/monitor-orders';

const { monitor } = contract;

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
/** A visitor is refused before the input is read, as on the other monitor calls. */
const refusals = monitorRefusals();

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

export function historyCrawlHandlers(deps: ApiDeps): Mounted[] {
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

  /** The gate's member: handle() ran the member gate before the handler. */
  const me = (c: Context) => memberOf(c) as Member;

  return [
    // create_history_crawl: order back-collection of an account (by mid, WeChat id, or article/home link). A
    // visitor is refused first, then bad input, then a level without back-collection counts.
    handle(
      monitor.createHistoryCrawl,
      async (q, c) => {
        const m = memberWith(c, (x) => backfillAllowance(x) > 0, LEVEL_MSG);
        if (m instanceof Response) return m;
        const found = await resolveAccount(deps.store, q);
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

        const { days, position } = q;
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
        return {
          data: {
            request_id: order.requestId,
            mid: acc.mid,
            name: acc.name,
            days,
            position,
            start_time: beijing(order.fromMs),
            end_time: beijing(order.toMs),
            state: 'queued' as const,
            state_label: STATE_LABEL.queued,
            cost,
            remaining: Math.max(0, allowance - placed.used),
            allowance,
          },
        };
      },
      refusals,
    ),

    // history_crawl_list: the member's orders, newest first, with progress; filters state and keyword (account name).
    handle(
      monitor.historyCrawlList,
      async (q, c) => {
        const m = me(c);
        const { page, pagesize, state, keyword } = q;
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
        return { data: { list, total, page, pagesize, max_days: BACKFILL_MAX_DAYS, quota: await quota(m) } };
      },
      refusals,
    ),

    // cancel_history_crawl: withdraw an order the collector has not started (or whose collector stopped reporting).
    handle(
      monitor.cancelHistoryCrawl,
      async (q, c) => {
        const m = me(c);
        const o = await ownOrder(c, m, q.request_id);
        if (o instanceof Response) return o;
        if (o.state === 'cancelled') return answer(c, 400, '该回采任务已取消');
        if (o.state === 'done') return answer(c, 400, '该回采任务已完成，无需取消');
        if (o.state === 'failed') return answer(c, 400, '该回采任务已失败，次数已退还');
        const p = (await crawlProgress(deps.store, [o.request_id])).get(o.request_id);
        if (o.state === 'running' && p && now() - p.at_ms < STALE_MS)
          return answer(c, 400, '回采进行中，无法取消；通常几分钟内完成');
        const r = await orders.cancel(m.id, o.request_id, now());
        if (!r) return answer(c, 400, '该回采任务已结束，无需取消');
        return { data: { request_id: o.request_id, refunded: r.refunded, quota: await quota(m) } };
      },
      refusals,
    ),

    // new_data_storage: what an order's window holds (counts, oldest/newest, by month) beside the collector's report.
    handle(
      monitor.newDataStorage,
      async (q, c) => {
        const o = await ownOrder(c, me(c), q.request_id);
        if (o instanceof Response) return o;
        const [rows, stored] = await Promise.all([views([o]), windowStorage(deps.store, windowOf(o))]);
        // One order in, one row out.
        const order = rows[0] as ReturnType<typeof view>;
        const { by_month, ...totals } = stored;
        return {
          data: {
            order,
            collected: { pages: order.pages, articles: order.articles, snapshots: order.snapshots },
            stored: totals,
            by_month,
            export_url: exportUrl(o),
          },
        };
      },
      refusals,
    ),

    // new_data_title: the articles of an order's window, paged, newest first; kw filters titles.
    handle(
      monitor.newDataTitle,
      async (q, c) => {
        const o = await ownOrder(c, me(c), q.request_id);
        if (o instanceof Response) return o;
        const { page, pagesize, kw } = q;
        const { total, rows } = await windowArticles(deps.store, windowOf(o), { kw, page, pagesize });
        return {
          data: {
            request_id: o.request_id,
            mid: o.mid,
            article_list: rows.map((r) => ({ ...r, mid: o.mid, post: `${o.mid}_${r.aid}` })),
            total,
            page,
            pagesize,
          },
        };
      },
      refusals,
    ),

    // new_data_notice_content: one collected article with its body text.
    handle(
      monitor.newDataNoticeContent,
      async (q, c) => {
        const o = await ownOrder(c, me(c), q.request_id);
        if (o instanceof Response) return o;
        const a = await windowArticleText(deps.store, windowOf(o), q.aid);
        if (!a) return answer(c, 404, '该文章不在本次回采范围内');
        return {
          data: {
            ...a,
            mid: o.mid,
            request_id: o.request_id,
            has_content: a.content !== '' ? (1 as const) : (0 as const),
            content_tip: a.content !== '' ? '' : '正文尚未采集（文章页获取失败），可打开原文链接查看',
          },
        };
      },
      refusals,
    ),
  ];
}
