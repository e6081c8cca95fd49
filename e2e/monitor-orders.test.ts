import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { MonitorOrders } from '../members/monitor-orders';
import type { Platform } from '../platform/platform';
import { openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { publishStepSeries, startInProcess, tempDir, until, waitReady } from './harness';
import { Client, refusal, signUp } from './members-harness';
import { PG_SERVER, pgServerReachable, throwawayDatabase } from './postgres';

/**
 * Members ordering minute-level monitoring (/fbmain/monitor/v1) on a running platform: quota debits and
 * refunds, the task reaching the collector and its status coming back from ClickHouse, ownership, the
 * quota limit under parallel orders, fake verdicts in fake_list, and Chinese answers to bad input.
 */

type Json = any;

let platform: Platform & { dataDir: string };
let api: string;
let articles: { mid: string; aid: string; href: string; pubtime: string; title: string }[];

const M = '/fbmain/monitor/v1';

beforeAll(async () => {
  platform = await startInProcess({ HOT_MIN_READS: '1', FAKE_EVERY_S: '1' });
  api = platform.url as string;
  await waitReady(api);
  const res = await fetch(`${api}/fbmain/main/v1/today_hot?num=50`);
  articles = ((await res.json()) as Json).data.article_list;
  if (articles.length < 3) throw new Error('too few articles today');
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

describe('minute-level monitoring orders', () => {
  it('orders an article by its link, debits the quota and reports where the task stands', async () => {
    const a = await signUp(api);
    const art = articles[0] as (typeof articles)[number];
    const quota0 = await a.get(`${M}/monitor_quota`);
    expect(quota0.body).toMatchObject({ status: 200, data: { allowance: 3, used: 0, remaining: 3 } });

    const link = await a.post(`${M}/verifyLink`, { url: art.href });
    expect(link.body.status).toBe(200);
    expect(link.body.data).toMatchObject({
      mid: Number(art.mid),
      aid: art.aid,
      title: art.title,
      known: true,
    });
    const acc = await a.get(`${M}/getMidInfo`, { url: art.href });
    expect(acc.body.data.mid).toBe(Number(art.mid));

    const order = await a.post(`${M}/create_future_task`, { url: art.href, freq: 1, days: 1 });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ status: 200, msg: 'success' });
    expect(order.body.data).toMatchObject({ cost: 1, remaining: 2, post: `${art.mid}_${art.aid}` });
    const taskId = order.body.data.task_id as string;
    expect((await a.get(`${M}/monitor_quota`)).body.data).toMatchObject({ used: 1, remaining: 2 });

    // The collector receives the task and reports it; the list reads that state from monitor_status.
    const rec = await until('the collector’s status', async () => {
      const h = await a.get(`${M}/history_task_list`, { page: 1, pagesize: 10 });
      const r = h.body.data.list.find((x: Json) => x.task_id === taskId);
      return r?.reported && r;
    });
    expect(rec).toMatchObject({
      state: 'monitoring',
      state_label: '监测中',
      title: art.title,
      pubtime: art.pubtime,
      position: Number(art.aid.split('_')[1]),
      day: 1,
      freq: 1,
    });
    expect(rec.start_ts).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rec.postlink).toContain(`post=${art.mid}_${art.aid}`);
    expect(platform.monitor?.tasks().map((t) => t.task.task_id)).toContain(taskId);

    const report = await a.get(`${M}/read_praise_report`, { post: order.body.data.post });
    expect(report.body.status).toBe(200);
    expect(report.body.data.profile.title).toBe(art.title);

    expect((await a.get(`${M}/mpaccount_monitor_num`, { mid: art.mid })).body).toMatchObject({
      status: 200,
      data: 1,
    });
    const list = await a.get(`${M}/monitor_list`, { wxid: art.mid });
    expect(list.body.status).toBe(200);
    expect(list.body.data.list[0]).toMatchObject({ title: art.title, post: `${art.mid}_${art.aid}` });
    const accounts = await a.get(`${M}/mpaccount_monitor_list`);
    expect(accounts.body.data).toMatchObject({
      total: 1,
      list: [{ mid: art.mid, monitor_num: 1, articles: 1 }],
    });
    expect(accounts.body.data.list[0].name).toBe(acc.body.data.name);
    const verified = await a.get(`${M}/verifyMpAccountByLink`, { url: art.href });
    expect(verified.body.data).toMatchObject({ mid: art.mid, is_included: 1 });

    // Cancelling a task that already started gives nothing back.
    const cancel = await a.post(`${M}/operate_task`, { task_id: taskId, action: 'cancel' });
    expect(cancel.body).toMatchObject({ status: 200, data: { refunded: 0, remaining: 2 } });
    await until(
      'the task stopped',
      async () => !platform.monitor?.tasks().some((t) => t.task.task_id === taskId),
    );
    const after = await a.get(`${M}/history_task_list`);
    expect(after.body.data.list[0]).toMatchObject({
      task_id: taskId,
      state: 'cancelled',
      state_label: '已取消',
    });
    expect((await a.post(`${M}/operate_task`, { task_id: taskId })).body.status).toBe(400);

    // A next-post task still waiting is refunded in full when cancelled.
    const next = await a.post(`${M}/create_future_monitor`, { mid: art.mid, position: 1, freq: 5, days: 2 });
    expect(next.body.data).toMatchObject({ cost: 1, remaining: 1 });
    const waiting = await a.get(`${M}/history_monitor_task_list`);
    expect(waiting.body.data.list[0]).toMatchObject({ task_id: next.body.data.task_id, state: 'waiting' });
    const refund = await a.post(`${M}/operate_monitor_task`, {
      task_id: next.body.data.task_id,
      action: 'cancel',
    });
    expect(refund.body.data).toMatchObject({ refunded: 1, remaining: 2 });

    // 'all' positions cost 8: more than a free member's month.
    const all = await a.post(`${M}/create_future_monitor`, { mid: art.mid, position: 0, freq: 10, days: 3 });
    expect(refusal(all)).toBe(4002);
    expect(all.body.msg).toContain('本月监测次数不足');
    expect((await a.get(`${M}/monitor_quota`)).body.data).toMatchObject({ used: 1, remaining: 2 });

    // Another member sees none of it and cannot cancel it.
    const b = await signUp(api);
    expect((await b.get(`${M}/history_task_list`)).body.data.total).toBe(0);
    const foreign = await b.post(`${M}/operate_task`, { task_id: next.body.data.task_id });
    expect(refusal(foreign)).toBe(404);
    expect(foreign.body).toMatchObject({ status: 404, msg: '任务不存在' });
    expect((await b.get(`${M}/mpaccount_monitor_num`, { mid: art.mid })).body.data).toBe(0);

    const visitor = new Client(api);
    expect(refusal(await visitor.post(`${M}/create_future_task`, { url: art.href, freq: 1, days: 1 }))).toBe(
      40001,
    );
  }, 40_000);

  it('never overspends under parallel orders', async () => {
    const c = await signUp(api);
    const art = articles[1] as (typeof articles)[number];
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.call('POST', `${M}/create_future_task`, { url: art.href, freq: 10, days: 1 }, i % 2 === 0),
      ),
    );
    expect(replies.filter((r) => r.body.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.body.status === 4002)).toHaveLength(9);
    expect((await c.get(`${M}/monitor_quota`)).body.data).toMatchObject({ used: 3, remaining: 0 });
    expect((await c.get(`${M}/history_task_list`)).body.data.total).toBe(3);
  });

  it('lists monitored articles judged fake-traffic', async () => {
    const d = await signUp(api);
    const { post, art } = await publishStepSeries(platform, api);
    const order = await d.post(`${M}/create_future_task`, { url: art.href, freq: 5, days: 1 });
    expect(order.body.data.post).toBe(post);
    const fake = await until('the fake verdict in fake_list', async () => {
      const r = await d.get(`${M}/fake_list`);
      return r.body.data.total > 0 && r.body.data;
    });
    expect(fake.list[0]).toMatchObject({ post, status: 1, title: art.title });
    const h = await d.get(`${M}/history_task_list`);
    expect(h.body.data.list[0].status).toBe(1);
  }, 40_000);

  it('answers bad input with 400 and a Chinese message', async () => {
    const e = await signUp(api);
    const href = (articles[2] as (typeof articles)[number]).href;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['create_future_task', { url: 'https://example.com/nothing', freq: 1, days: 1 }, /文章链接.*不是有效/],
      ['create_future_task', { url: href, freq: 3, days: 1 }, /监测频率.*1、2、5 或 10/],
      ['create_future_task', { url: href, freq: 1, days: 5 }, /监测周期.*1、2 或 3/],
      ['create_future_task', { freq: 1, days: 1 }, /文章链接 \(url\) 不能为空/],
      ['create_future_task', { url: href, days: 1 }, /监测频率 \(freq\) 不能为空/],
      ['create_future_monitor', { position: 1, freq: 1, days: 1 }, /公众号ID \(mid\) 不能为空/],
      ['create_future_monitor', { mid: 1, position: 9, freq: 1, days: 1 }, /监测位置/],
      ['create_future_monitor', { mid: 'abc', position: 1, freq: 1, days: 1 }, /必须是数字/],
      ['verifyLink', { url: 'not a link' }, /不是有效的公众号文章链接/],
      ['operate_task', {}, /任务ID \(task_id\) 不能为空/],
      ['operate_task', { task_id: 'x', action: 'pause' }, /只支持 cancel/],
      ['history_task_list', { pagesize: 500 }, /每页条数/],
    ];
    for (const [call, fields, msg] of cases) {
      const r = await e.post(`${M}/${call}`, fields);
      expect(refusal(r), `${call} ${JSON.stringify(fields)}`).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    const unknown = await e.post(`${M}/create_future_monitor`, { mid: 1, position: 1, freq: 1, days: 1 });
    expect(unknown.body).toMatchObject({ status: 404, msg: '公众号不存在或尚未收录' });
    expect((await e.get(`${M}/monitor_quota`)).body.data.used).toBe(0);
  });
});

// PGlite serialises statements; a PostgreSQL server runs the debits on separate connections at once.
const serverUp = await pgServerReachable();
if (!serverUp) console.warn(`[monitor quota on PostgreSQL server] skipped: ${PG_SERVER} is not reachable`);

describe.skipIf(!serverUp && process.env.CI !== 'true')('monitor quota on a PostgreSQL server', () => {
  it('debits exactly the allowance under 60 concurrent orders on separate connections', async () => {
    const d = await throwawayDatabase();
    const db = await openMemberDb({ databaseUrl: d.url, dataDir: tempDir('pg') });
    try {
      await migrateMemberDb(db, createLogger('warn'));
      const [u] = await db.query<{ id: number }>(
        `INSERT INTO users (phone) VALUES ('13700000000') RETURNING id`,
      );
      const userId = Number(u?.id);
      const orders = new MonitorOrders(db);
      const at = Date.parse('2026-11-01T21:30:00+08:00');
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          orders.place(
            {
              userId,
              taskId: `t${i}`,
              kind: 'next_post',
              biz: 'MTIz',
              mid: 123,
              msgid: null,
              idx: null,
              sn: null,
              position: i % 3 === 0 ? 0 : 1,
              freqMin: 5,
              days: 1,
              cost: i % 3 === 0 ? 8 : 1,
              createdAtMs: at,
            },
            30,
          ),
        ),
      );
      // 40 one-count orders alone exceed 30, so some failed, which only happens once the month is full.
      const used = await orders.used(userId, at);
      expect(used).toBe(30);
      const placed = await orders.all(userId);
      expect(placed.reduce((n, o) => n + o.cost, 0)).toBe(30);
      expect(results.filter(Boolean)).toHaveLength(placed.length);
    } finally {
      await db.close();
      await d.drop();
    }
  });
});
