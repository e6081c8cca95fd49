import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { contract } from '../../contract';
import { bizOf } from '../../core/wechat-ids';
import { monitorAllowance } from '../../members/membership';
import {
  type MonitorKind,
  MonitorOrders,
  monitorCost,
  type OrderRow,
  quotaMonth,
} from '../../members/monitor-orders';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { handle, type Mounted } from '../http/mount';
import { memberOf } from '../member-session';
import { answer, monitorRefusals } from '../monitor-envelope';
import {
  findAccount,
  monitorRecords,
  monitorTaskMessage,
  postLink,
  resolveAccount,
  resolveArticleLink,
  taskStatuses,
} from '../queries/monitor-orders';

const { monitor } = contract;

/**
 * Members ordering minute-level monitoring (/fbmain/monitor/v1, spec §7 Monitor): orders debit the monthly
 * quota, are kept in PostgreSQL and handed to the collectors on `monitor.tasks`; lists read where each task
 * stands from ClickHouse. These calls answer with `status` 200 on success (spec §8); the member gate comes before
 * the input, except for mpaccount_monitor_num, which visitors may call.
 */

/** These calls name the monitoring period and the article link in their messages. */
const refusals = monitorRefusals({
  url: '文章链接 (url)',
  days: '监测周期 (days)',
  position: '监测位置 (position)',
});
const visitorsToo = monitorRefusals(
  { url: '文章链接 (url)', days: '监测周期 (days)', position: '监测位置 (position)' },
  { gateAfterInput: true },
);

/** The gate's member: handle() ran the member gate before the handler. */
const me = (c: Context) => memberOf(c) as Member;

export function monitorHandlers(deps: ApiDeps): Mounted[] {
  const orders = new MonitorOrders(deps.db);
  const now = () => deps.clock.now();

  const quota = async (m: Member) => {
    const allowance = monitorAllowance(m);
    const used = await orders.used(m.id, now());
    return { allowance, used, remaining: Math.max(0, allowance - used) };
  };

  /** Debits, records and publishes one order; the answer of create_future_task / create_future_monitor. */
  const place = async <E extends object>(
    c: Context,
    m: Member,
    o: Omit<OrderRow, 'task_id' | 'cost' | 'refunded' | 'created_ms' | 'cancelled_ms'>,
    extra: E,
  ) => {
    const bus = deps.bus;
    if (!bus) return answer(c, 503, '监测服务暂不可用，请稍后重试');
    const cost = monitorCost(o.kind, o.position);
    const allowance = monitorAllowance(m);
    const order: OrderRow = {
      ...o,
      task_id: `mt_${randomUUID()}`,
      cost,
      refunded: 0,
      created_ms: now(),
      cancelled_ms: null,
    };
    const placed = await orders.place(
      {
        userId: m.id,
        taskId: order.task_id,
        kind: o.kind,
        biz: o.biz,
        mid: o.mid,
        msgid: o.msgid,
        idx: o.idx,
        sn: o.sn,
        position: o.position,
        freqMin: o.freq_min,
        days: o.days,
        cost,
        createdAtMs: order.created_ms,
      },
      allowance,
    );
    if (!placed) {
      const used = await orders.used(m.id, order.created_ms);
      const remaining = Math.max(0, allowance - used);
      return answer(
        c,
        4002,
        `本月监测次数不足：本次需要 ${cost} 次，本月剩余 ${remaining} 次（共 ${allowance} 次），升级会员可获得更多次数`,
        { data: { cost, remaining, allowance } },
      );
    }
    try {
      await bus.publish('monitor.tasks', [{ key: o.biz, value: monitorTaskMessage(order) }]);
    } catch (err) {
      deps.log.error({ err, task: order.task_id }, 'monitor task not published; order refunded');
      await orders.cancel(m.id, order.task_id, now(), true);
      return answer(c, 503, '监测服务暂不可用，本次未扣除次数，请稍后重试');
    }
    return {
      data: {
        task_id: order.task_id,
        cost,
        remaining: Math.max(0, allowance - placed.used),
        allowance,
        ...extra,
      },
    };
  };

  const history = (kind: MonitorKind) => async (q: { page: number; pagesize: number }, c: Context) => {
    const { page, pagesize } = q;
    const { total, rows } = await orders.list(me(c).id, kind, page, pagesize);
    return { data: { list: await monitorRecords(deps.store, rows), total, page, pagesize } };
  };

  // operate_task / operate_monitor_task: cancel one's own task; refunded only if it never started.
  const operate = async (q: { task_id: string }, c: Context) => {
    const m = me(c);
    const o = await orders.get(m.id, q.task_id);
    if (!o) return answer(c, 404, '任务不存在');
    if (o.cancelled_ms !== null) return answer(c, 400, '该任务已取消');
    const st = (await taskStatuses(deps.store, [o.task_id])).get(o.task_id);
    if (st?.state === 'done') return answer(c, 400, '该任务已结束，无需取消');
    if (st?.state === 'cancelled') return answer(c, 400, '该任务已取消');
    const bus = deps.bus;
    if (!bus) return answer(c, 503, '监测服务暂不可用，请稍后重试');
    // Never started = the collector has not reported it, or it is still waiting for the next post.
    const refund = !st || st.state === 'waiting';
    await bus.publish('monitor.tasks', [{ key: o.biz, value: monitorTaskMessage(o, true) }]);
    const r = await orders.cancel(m.id, o.task_id, now(), refund);
    if (!r) return answer(c, 400, '该任务已取消');
    return { data: { task_id: o.task_id, refunded: r.refunded, ...(await quota(m)) } };
  };

  return [
    // verifyLink: what an article link points at (the popup's "by article address").
    handle(
      monitor.verifyLink,
      async (q, c) => {
        const r = await resolveArticleLink(deps.store, q.url);
        if (!r.ok) return answer(c, r.status, r.msg);
        const a = r.value;
        const acc = await findAccount(deps.store, { mid: a.mid });
        return { data: { ...a, post: `${a.mid}_${a.aid}`, mp_name: acc?.name ?? '', wxid: acc?.wxid ?? '' } };
      },
      refusals,
    ),

    // getMidInfo: the account of a link or mid.
    handle(
      monitor.getMidInfo,
      async (q, c) => {
        const r = await resolveAccount(deps.store, q);
        if (!r.ok) return answer(c, r.status, r.msg);
        return { data: { ...r.acc, monitor_num: await orders.countOnAccount(me(c).id, r.acc.mid) } };
      },
      refusals,
    ),

    // verifyMpAccountByLink: whether an article link's account is included (monitoring its next post needs that).
    handle(
      monitor.verifyMpAccountByLink,
      async (q, c) => {
        const r = await resolveAccount(deps.store, { url: q.url });
        if (!r.ok)
          return r.status === 404
            ? answer(c, 404, '该公众号尚未收录，请先提交收录（文章链接或公众号名称）')
            : answer(c, r.status, r.msg);
        return { data: { ...r.acc, is_included: 1 as const } };
      },
      refusals,
    ),

    // create_future_task: monitor one article (1 count).
    handle(
      monitor.createFutureTask,
      async (q, c) => {
        const r = await resolveArticleLink(deps.store, q.url);
        if (!r.ok) return answer(c, r.status, r.msg);
        const a = r.value;
        const acc = await findAccount(deps.store, { mid: a.mid });
        if (!acc) return answer(c, 404, '公众号不存在或尚未收录');
        return place(
          c,
          me(c),
          {
            kind: 'article',
            biz: acc.biz,
            mid: a.mid,
            msgid: a.msgid,
            idx: a.idx,
            sn: a.sn,
            position: a.idx,
            freq_min: q.freq,
            days: q.days,
          },
          { post: `${a.mid}_${a.aid}`, postlink: postLink(`${a.mid}_${a.aid}`), title: a.title },
        );
      },
      refusals,
    ),

    // create_future_monitor: the next post of an account at a position (0 = all eight, 8 counts).
    handle(
      monitor.createFutureMonitor,
      async (q, c) => {
        const acc = await findAccount(deps.store, { mid: q.mid });
        if (!acc) return answer(c, 404, '公众号不存在或尚未收录');
        return place(
          c,
          me(c),
          {
            kind: 'next_post',
            biz: acc.biz || bizOf(acc.mid),
            mid: acc.mid,
            msgid: null,
            idx: null,
            sn: null,
            position: q.position,
            freq_min: q.freq,
            days: q.days,
          },
          { post: '' as const, mp_name: acc.name },
        );
      },
      refusals,
    ),

    // monitor_quota: the member's month (the popup's cost and remaining).
    handle(
      monitor.monitorQuota,
      async (_q, c) => ({
        data: {
          month: quotaMonth(now()),
          ...(await quota(me(c))),
          costs: { article: 1, next_post: 1, next_post_all: 8 },
        },
      }),
      refusals,
    ),

    handle(monitor.historyTaskList, history('article'), refusals),
    handle(monitor.historyMonitorTaskList, history('next_post'), refusals),
    handle(monitor.operateTask, operate, refusals),
    handle(monitor.operateMonitorTask, operate, refusals),

    // mpaccount_monitor_num: how many of this member's orders are on the account (visitors: 0).
    handle(
      monitor.mpaccountMonitorNum,
      async (q, c) => {
        const r = await resolveAccount(deps.store, q);
        if (!r.ok) return answer(c, r.status, r.msg);
        const m = memberOf(c);
        return { data: m ? await orders.countOnAccount(m.id, r.acc.mid) : 0 };
      },
      visitorsToo,
    ),

    // monitor_list: the pre-campaign analysis list of an account (this member's monitored articles with results).
    handle(
      monitor.monitorList,
      async (q, c) => {
        const r = await resolveAccount(deps.store, q);
        if (!r.ok) return answer(c, r.status, r.msg);
        const records = await monitorRecords(deps.store, await orders.all(me(c).id, { mid: r.acc.mid }));
        const list = records.flatMap((rec) =>
          rec.posts.map((p) => ({
            task_id: rec.task_id,
            title: p.title,
            pubtime: p.pubtime,
            created: rec.created,
            period: `${rec.day}天（每${rec.freq}分钟）`,
            state: rec.state,
            state_label: rec.state_label,
            status: p.status,
            result: p.status === 1 ? '疑似刷量' : p.status === 0 ? '正常' : '尚未判定',
            post: p.post,
            postlink: p.postlink,
          })),
        );
        return {
          error_code: 0 as const,
          data: { list, total: list.length, mid: r.acc.mid, name: r.acc.name },
        };
      },
      refusals,
    ),

    // mpaccount_monitor_list: the accounts this member monitors, with how many tasks, articles and fake verdicts.
    handle(
      monitor.mpaccountMonitorList,
      async (q, c) => {
        const { page, pagesize } = q;
        const records = await monitorRecords(deps.store, await orders.all(me(c).id));
        const byMid = new Map<
          number,
          { mid: number; tasks: number; articles: number; fake: number; last: string }
        >();
        for (const rec of records) {
          const e = byMid.get(rec.mid) ?? { mid: rec.mid, tasks: 0, articles: 0, fake: 0, last: '' };
          e.tasks++;
          e.articles += rec.posts.length;
          e.fake += rec.posts.filter((p) => p.status === 1).length;
          if (rec.created > e.last) e.last = rec.created;
          byMid.set(rec.mid, e);
        }
        const all = [...byMid.values()].sort((a, b) => b.last.localeCompare(a.last) || a.mid - b.mid);
        const rows = await Promise.all(
          all.slice((page - 1) * pagesize, page * pagesize).map(async (e) => {
            const acc = await findAccount(deps.store, { mid: e.mid });
            return {
              ...e,
              name: acc?.name ?? '',
              wxid: acc?.wxid ?? '',
              avatar: acc?.avatar ?? '',
              monitor_num: e.tasks,
              fake_num: e.fake,
              last_created: e.last,
            };
          }),
        );
        return { data: { list: rows, total: all.length, page, pagesize } };
      },
      refusals,
    ),

    // fake_list: this member's monitored articles judged fake-traffic (status 1).
    handle(
      monitor.fakeList,
      async (q, c) => {
        const { page, pagesize } = q;
        const records = await monitorRecords(deps.store, await orders.all(me(c).id));
        const fake = records.flatMap((rec) =>
          rec.posts
            .filter((p) => p.status === 1)
            .map((p) => ({
              task_id: rec.task_id,
              mid: rec.mid,
              title: p.title,
              url: p.url,
              pubtime: p.pubtime,
              position: p.position,
              created: rec.created,
              status: 1 as const,
              post: p.post,
              postlink: p.postlink,
            })),
        );
        return {
          data: {
            list: fake.slice((page - 1) * pagesize, page * pagesize),
            total: fake.length,
            page,
            pagesize,
          },
        };
      },
      refusals,
    ),
  ];
}
