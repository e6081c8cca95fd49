import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { monitorAllowance } from '../../members/membership';
import {
  type MonitorKind,
  MonitorOrders,
  monitorCost,
  type OrderRow,
  quotaMonth,
} from '../../members/monitor-orders';
import type { Member } from '../../members/sessions';
import { bizOf } from '../../platform/wechat-ids';
import type { ApiDeps } from '../deps';
import { memberOf } from '../member-session';
import {
  answer,
  blankToUndefined,
  member,
  midField,
  num,
  okData,
  paging,
  parse as parseInput,
  text,
} from '../monitor-envelope';
import {
  findAccount,
  monitorRecords,
  monitorTaskMessage,
  postLink,
  resolveAccount,
  resolveArticleLink,
  taskStatuses,
} from '../monitor-orders-query';

/**
 * Members ordering minute-level monitoring (/fbmain/monitor/v1, spec §7 Monitor): orders debit the monthly
 * quota, are kept in PostgreSQL and handed to the collectors on `monitor.tasks`; lists read where each task
 * stands from ClickHouse. These calls answer with `status` 200 on success (spec §8).
 */

/** These calls name the monitoring period and the article link in their messages. */
const LABELS = { url: '文章链接 (url)', days: '监测周期 (days)', position: '监测位置 (position)' };
const parse = <S extends z.ZodType>(c: Context, schema: S) => parseInput(c, schema, LABELS);

const freq = num((n) => [1, 2, 5, 10].includes(n), '只能是 1、2、5 或 10（分钟）');
const days = num((n) => [1, 2, 3].includes(n), '只能是 1、2 或 3（天）');
const position = num((n) => n >= 0 && n <= 8, '只能是 0（全部）到 8');
const url = text(2000);
const pagingFields = paging(50, 10);

const articleOrderInput = z.object({ url, freq, days });
const nextPostOrderInput = z.object({ mid: midField, position, freq, days });
const operateInput = z.object({
  task_id: text(100),
  action: z.preprocess(
    blankToUndefined,
    z.enum(['cancel'], { message: '只支持 cancel（取消）' }).default('cancel'),
  ),
});
const pageInput = z.object(pagingFields);
const urlInput = z.object({ url });
const accountInput = z
  .object({
    url: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
    mid: z.preprocess(blankToUndefined, midField.optional()),
    wxid: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    ...pagingFields,
  })
  .refine((v) => v.url !== undefined || v.mid !== undefined || v.wxid !== undefined, {
    message: '不能为空（请提供 mid、wxid 或 url）',
    path: ['mid'],
  });

export function monitorOrderRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const orders = new MonitorOrders(deps.db);
  const now = () => deps.clock.now();

  const quota = async (m: Member) => {
    const allowance = monitorAllowance(m);
    const used = await orders.used(m.id, now());
    return { allowance, used, remaining: Math.max(0, allowance - used) };
  };

  /** Debits, records and publishes one order; the answer of create_future_task / create_future_monitor. */
  const place = async (
    c: Context,
    m: Member,
    o: Omit<OrderRow, 'task_id' | 'cost' | 'refunded' | 'created_ms' | 'cancelled_ms'>,
    extra: Record<string, unknown>,
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
    return okData(c, {
      task_id: order.task_id,
      cost,
      remaining: Math.max(0, allowance - placed.used),
      allowance,
      ...extra,
    });
  };

  // verifyLink: what an article link points at (the popup's "by article address").
  app.on(['GET', 'POST'], '/verifyLink', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, urlInput);
    if (!input.ok) return input.response;
    const r = await resolveArticleLink(deps.store, input.data.url);
    if (!r.ok) return answer(c, r.status, r.msg);
    const a = r.value;
    const acc = await findAccount(deps.store, { mid: a.mid });
    return okData(c, {
      ...a,
      post: `${a.mid}_${a.aid}`,
      mp_name: acc?.name ?? '',
      wxid: acc?.wxid ?? '',
    });
  });

  // getMidInfo: the account of a link or mid.
  app.on(['GET', 'POST'], '/getMidInfo', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, accountInput);
    if (!input.ok) return input.response;
    const r = await resolveAccount(deps.store, input.data);
    if (!r.ok) return answer(c, r.status, r.msg);
    return okData(c, { ...r.acc, monitor_num: await orders.countOnAccount(m.id, r.acc.mid) });
  });

  // verifyMpAccountByLink: whether an article link's account is included (monitoring its next post needs that).
  app.on(['GET', 'POST'], '/verifyMpAccountByLink', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, urlInput);
    if (!input.ok) return input.response;
    const r = await resolveAccount(deps.store, { url: input.data.url });
    if (!r.ok)
      return r.status === 404
        ? answer(c, 404, '该公众号尚未收录，请先提交收录（文章链接或公众号名称）')
        : answer(c, r.status, r.msg);
    return okData(c, { ...r.acc, is_included: 1 });
  });

  // create_future_task: monitor one article (1 count).
  app.on(['GET', 'POST'], '/create_future_task', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, articleOrderInput);
    if (!input.ok) return input.response;
    const r = await resolveArticleLink(deps.store, input.data.url);
    if (!r.ok) return answer(c, r.status, r.msg);
    const a = r.value;
    const acc = await findAccount(deps.store, { mid: a.mid });
    if (!acc) return answer(c, 404, '公众号不存在或尚未收录');
    return place(
      c,
      m,
      {
        kind: 'article',
        biz: acc.biz,
        mid: a.mid,
        msgid: a.msgid,
        idx: a.idx,
        sn: a.sn,
        position: a.idx,
        freq_min: input.data.freq,
        days: input.data.days,
      },
      { post: `${a.mid}_${a.aid}`, postlink: postLink(`${a.mid}_${a.aid}`), title: a.title },
    );
  });

  // create_future_monitor: the next post of an account at a position (0 = all eight, 8 counts).
  app.on(['GET', 'POST'], '/create_future_monitor', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, nextPostOrderInput);
    if (!input.ok) return input.response;
    const acc = await findAccount(deps.store, { mid: input.data.mid });
    if (!acc) return answer(c, 404, '公众号不存在或尚未收录');
    return place(
      c,
      m,
      {
        kind: 'next_post',
        biz: acc.biz || bizOf(acc.mid),
        mid: acc.mid,
        msgid: null,
        idx: null,
        sn: null,
        position: input.data.position,
        freq_min: input.data.freq,
        days: input.data.days,
      },
      { post: '', mp_name: acc.name },
    );
  });

  // monitor_quota: the member's month (the popup's cost and remaining).
  app.on(['GET', 'POST'], '/monitor_quota', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    return okData(c, {
      month: quotaMonth(now()),
      ...(await quota(m)),
      costs: { article: 1, next_post: 1, next_post_all: 8 },
    });
  });

  const history = (kind: MonitorKind) => async (c: Context) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, pageInput);
    if (!input.ok) return input.response;
    const { page, pagesize } = input.data;
    const { total, rows } = await orders.list(m.id, kind, page, pagesize);
    return okData(c, { list: await monitorRecords(deps.store, rows), total, page, pagesize });
  };
  app.on(['GET', 'POST'], '/history_task_list', history('article'));
  app.on(['GET', 'POST'], '/history_monitor_task_list', history('next_post'));

  // operate_task / operate_monitor_task: cancel one's own task; refunded only if it never started.
  const operate = async (c: Context) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, operateInput);
    if (!input.ok) return input.response;
    const o = await orders.get(m.id, input.data.task_id);
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
    return okData(c, { task_id: o.task_id, refunded: r.refunded, ...(await quota(m)) });
  };
  app.on(['GET', 'POST'], '/operate_task', operate);
  app.on(['GET', 'POST'], '/operate_monitor_task', operate);

  // mpaccount_monitor_num: how many of this member's orders are on the account (visitors: 0).
  app.on(['GET', 'POST'], '/mpaccount_monitor_num', async (c) => {
    const input = await parse(c, accountInput);
    if (!input.ok) return input.response;
    const r = await resolveAccount(deps.store, input.data);
    if (!r.ok) return answer(c, r.status, r.msg);
    const m = memberOf(c);
    return okData(c, m ? await orders.countOnAccount(m.id, r.acc.mid) : 0);
  });

  // monitor_list: the pre-campaign analysis list of an account (this member's monitored articles with results).
  app.on(['GET', 'POST'], '/monitor_list', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, accountInput);
    if (!input.ok) return input.response;
    const r = await resolveAccount(deps.store, input.data);
    if (!r.ok) return answer(c, r.status, r.msg);
    const records = await monitorRecords(deps.store, await orders.all(m.id, { mid: r.acc.mid }));
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
    return okData(c, { list, total: list.length, mid: r.acc.mid, name: r.acc.name }, { error_code: 0 });
  });

  // mpaccount_monitor_list: the accounts this member monitors, with how many tasks, articles and fake verdicts.
  app.on(['GET', 'POST'], '/mpaccount_monitor_list', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, pageInput);
    if (!input.ok) return input.response;
    const { page, pagesize } = input.data;
    const records = await monitorRecords(deps.store, await orders.all(m.id));
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
    return okData(c, { list: rows, total: all.length, page, pagesize });
  });

  // fake_list: this member's monitored articles judged fake-traffic (status 1).
  app.on(['GET', 'POST'], '/fake_list', async (c) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const input = await parse(c, pageInput);
    if (!input.ok) return input.response;
    const { page, pagesize } = input.data;
    const records = await monitorRecords(deps.store, await orders.all(m.id));
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
          status: 1,
          post: p.post,
          postlink: p.postlink,
        })),
    );
    return okData(c, {
      list: fake.slice((page - 1) * pagesize, page * pagesize),
      total: fake.length,
      page,
      pagesize,
    });
  });

  return app;
}
