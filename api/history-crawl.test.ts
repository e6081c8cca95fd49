import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import { COPYRIGHT_CODE } from '../core/copyright';
import { startInProcess, until, waitReady } from '../e2e/harness';
import { buy, Client, refusal, signUp } from '../e2e/members-harness';
import type { Platform } from '../platform/platform';
import type { SimAccount, SimArticle, SimWorld } from '../simulator/world';
import { beijing } from './queries/monitor-orders';

/**
 * History back-collection (monitor/v1 create_history_crawl … new_data_notice_content) on the whole platform:
 * the API records the order and hands it to the collector on crawl.requests, the collector reads the simulator's
 * history back 60 days (the regular crawl only read 5), the stream writes progress and articles into ClickHouse, and
 * the calls read them back. What they answer is checked against the simulator's own history and, once the platform
 * has stopped, against ClickHouse itself. Also: the monthly counts, one live order per account, cancelling, a failed
 * order's refund, permissions and bad input.
 */

type Json = any;

const M = '/fbmain/monitor/v1';
const NOW_S = Date.parse('2026-11-01T21:30:00+08:00') / 1000;

let platform: Platform & { dataDir: string };
let api: string;
let sim: string;
let world: SimWorld;
let paid: Client;
let free: Client;
let other: Client;
/** What new_data_storage answered for the finished order, checked against ClickHouse at the end. */
let storage: { requestId: string; mid: number; stored: Json } | null = null;
/** The paying member's orders in the order they were placed. */
const placed: string[] = [];

beforeAll(async () => {
  platform = await startInProcess({ SIM_ACCOUNTS: '20', SIM_HISTORY_DAYS: '60', CRAWL_DAYS: '5' });
  api = platform.url as string;
  sim = platform.simulator?.url as string;
  world = platform.simulator?.world as SimWorld;
  await waitReady(api);
  [paid, free, other] = await Promise.all([signUp(api), signUp(api), signUp(api)]);
  await buy(paid, 'vip2_q');
  await buy(other, 'vip2_q');
}, 90_000);

let stopped = false;
const stopPlatform = async () => {
  if (stopped) return;
  stopped = true;
  await fetch(`${sim}/__sim/faults`, { method: 'DELETE' }).catch(() => {});
  await platform?.stop();
};

afterAll(stopPlatform);

const account = (i: number) => world.accounts[i] as SimAccount;
/** The simulator's articles of an account over the last `days`, newest push first, by position. */
const truth = (a: SimAccount, days: number): SimArticle[] =>
  world
    .pushes(a)
    .filter((p) => p.time >= NOW_S - days * 86_400 && p.time <= NOW_S)
    .sort((x, y) => y.time - x.time)
    .flatMap((p) => [...p.articles].sort((x, y) => x.idx - y.idx));

/** A fault rule's `credential` matches anywhere in the URL: the account's __biz (without its = padding) picks it. */
const only = (a: SimAccount) => a.biz.replace(/=+$/, '');

const faults = (rules: unknown[]) =>
  fetch(`${sim}/__sim/faults`, {
    method: rules.length ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: rules.length ? JSON.stringify({ rules }) : undefined,
  });

const listed = async (c: Client, requestId: string) =>
  ((await c.get(`${M}/history_crawl_list`, { pagesize: 50 })).body.data.list as Json[]).find(
    (r) => r.request_id === requestId,
  );

const finished = (c: Client, requestId: string, state = 'done') =>
  until(`order ${requestId} ${state}`, async () => {
    const r = await listed(c, requestId);
    return r?.state === state && r;
  });

describe('back-collection of an account’s history', () => {
  it('collects 60 days as a paying member; the order’s calls show exactly the simulator’s history', async () => {
    const a = account(1);
    const expected = truth(a, 60);
    expect(expected.length).toBeGreaterThan(50);
    const before = await paid.get(`${M}/history_crawl_list`);
    expect(before.body).toMatchObject({
      status: 200,
      data: { total: 0, list: [], max_days: 180, quota: { allowance: 12, used: 0, remaining: 12 } },
    });

    const order = await paid.post(`${M}/create_history_crawl`, { mid: a.mid, days: 60 });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      status: 200,
      msg: 'success',
      data: { mid: a.mid, name: a.name, days: 60, cost: 2, remaining: 10, allowance: 12, state: 'queued' },
    });
    expect(order.body.data.start_time).toBe(beijing((NOW_S - 60 * 86_400) * 1000));
    const id = order.body.data.request_id as string;
    placed.push(id);

    const row = await finished(paid, id);
    expect(row).toMatchObject({
      mid: a.mid,
      name: a.name,
      state_label: '已完成',
      percent: 100,
      articles: expected.length,
      snapshots: expected.length,
      covered_from: beijing((expected.at(-1) as SimArticle).createTime * 1000),
      cost: 2,
      refunded: 0,
    });
    expect(row.export_url).toBe(
      `/fbmain/search/v1/export_history?mid=${a.mid}&start_time=2026-09-02&end_time=2026-11-01&format=xlsx`,
    );

    // Done means its articles are readable; the snapshots go through their own stream batches a moment later.
    const st = await until('the order’s snapshots in ClickHouse', async () => {
      const r = await paid.get(`${M}/new_data_storage`, { request_id: id });
      return r.body.data.stored.snapshots >= expected.length && r;
    });
    expect(st.body.status).toBe(200);
    const pushes = new Set(expected.map((x) => x.msgid)).size;
    expect(st.body.data.collected).toEqual({
      pages: expect.any(Number),
      articles: expected.length,
      snapshots: expected.length,
    });
    expect(st.body.data.stored).toMatchObject({
      articles: expected.length,
      posts: pushes,
      originals: expected.filter((x) => x.copyrightStat === COPYRIGHT_CODE.original).length,
      // Every article came with its page's body text.
      with_content: expected.length,
      oldest: beijing((expected.at(-1) as SimArticle).createTime * 1000),
      newest: beijing((expected[0] as SimArticle).createTime * 1000),
    });
    const months = new Map<string, number>();
    for (const x of expected) {
      const m = beijing(x.createTime * 1000).slice(0, 7);
      months.set(m, (months.get(m) ?? 0) + 1);
    }
    expect(st.body.data.by_month.map((m: Json) => [m.month, m.articles])).toEqual(
      [...months].sort((x, y) => y[0].localeCompare(x[0])),
    );
    storage = { requestId: id, mid: a.mid, stored: st.body.data.stored };

    // Titles, newest push first and by position, 20 a page.
    const seen: Json[] = [];
    for (let page = 1; ; page++) {
      const t = await paid.get(`${M}/new_data_title`, { request_id: id, page, pagesize: 20 });
      expect(t.body.data.total).toBe(expected.length);
      seen.push(...t.body.data.article_list);
      if (t.body.data.article_list.length < 20) break;
    }
    expect(seen.map((x) => [x.aid, x.title, x.position, x.pubtime])).toEqual(
      expected.map((x) => [x.aid, x.title, x.idx, beijing(x.createTime * 1000)]),
    );
    expect(seen.every((x) => x.has_content === 1 && x.read > 0)).toBe(true);

    // A title filter.
    const kw = [...(expected[3] as SimArticle).title].slice(0, 2).join('');
    const hits = await paid.get(`${M}/new_data_title`, { request_id: id, kw, pagesize: 50 });
    expect(hits.body.data.total).toBe(expected.filter((x) => x.title.includes(kw)).length);

    // One article's text: the oldest, which only the back-collection reached.
    const oldest = expected.at(-1) as SimArticle;
    const text = await paid.get(`${M}/new_data_notice_content`, { request_id: id, aid: oldest.aid });
    expect(text.body.data).toMatchObject({
      aid: oldest.aid,
      title: oldest.title,
      author: oldest.author,
      position: oldest.idx,
      has_content: 1,
    });
    expect(text.body.data.content.length).toBeGreaterThan(20);
    // An article of another account is not this order's.
    const foreign = truth(account(2), 5).find((x) => !expected.some((e) => e.aid === x.aid)) as SimArticle;
    expect(
      (await paid.get(`${M}/new_data_notice_content`, { request_id: id, aid: foreign.aid })).body,
    ).toMatchObject({ status: 404, msg: '该文章不在本次回采范围内' });

    // The export the list links to holds the same window.
    const csv = await fetch(`${api}${row.export_url.replace('format=xlsx', 'format=csv')}`, {
      headers: { accessToken: paid.token ?? '' },
    });
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(expected.length + 1);
  });

  it('keeps one live order per account, cancels a queued one with a refund, and refunds a failed one', async () => {
    const b = account(2);
    // The collector's request for the account's profile hangs: the order stays queued.
    await faults([{ mode: 'hang', path: '/mp/profile_ext', credential: only(b) }]);
    const [x, y] = await Promise.all([
      paid.post(`${M}/create_history_crawl`, { mid: b.mid, days: 30 }),
      paid.post(`${M}/create_history_crawl`, { mid: b.mid, days: 30 }),
    ]);
    const [won, lost] = x.body.status === 200 ? [x, y] : [y, x];
    expect(won.body.status).toBe(200);
    expect(refusal(lost)).toBe(409);
    expect(lost.body).toMatchObject({
      status: 409,
      msg: '该公众号已有进行中的回采任务，请等待完成后再提交',
      data: { request_id: won.body.data.request_id },
    });
    const id = won.body.data.request_id as string;
    placed.push(id);
    const again = await paid.post(`${M}/create_history_crawl`, { mid: b.mid, days: 180 });
    expect(refusal(again)).toBe(409);
    const queued = await listed(paid, id);
    expect(queued).toMatchObject({ state: 'queued', state_label: '排队中', percent: 0 });
    const quota = (await paid.get(`${M}/history_crawl_list`)).body.data.quota;
    expect(quota.used).toBe(3);

    expect((await other.post(`${M}/cancel_history_crawl`, { request_id: id })).body).toMatchObject({
      status: 404,
      msg: '回采任务不存在',
    });
    const cancel = await paid.post(`${M}/cancel_history_crawl`, { request_id: id });
    expect(cancel.body).toMatchObject({ status: 200, data: { refunded: 1, quota: { used: 2 } } });
    expect(await listed(paid, id)).toMatchObject({ state: 'cancelled', state_label: '已取消' });
    expect((await paid.post(`${M}/cancel_history_crawl`, { request_id: id })).body).toMatchObject({
      status: 400,
      msg: '该回采任务已取消',
    });
    await faults([]);

    // With the account free again, a new order runs to the end; a finished one cannot be cancelled.
    const next = await paid.post(`${M}/create_history_crawl`, { mid: b.mid, days: 30 });
    expect(next.body.status).toBe(200);
    placed.push(next.body.data.request_id);
    await finished(paid, next.body.data.request_id);
    expect(
      (await paid.post(`${M}/cancel_history_crawl`, { request_id: next.body.data.request_id })).body,
    ).toMatchObject({ status: 400, msg: '该回采任务已完成，无需取消' });

    // Every attempt at the account's profile fails: the collector reports failure and the counts come back.
    const c = account(3);
    await faults([{ mode: 'server_error', path: '/mp/profile_ext', credential: only(c) }]);
    const doomed = await paid.post(`${M}/create_history_crawl`, { mid: c.mid, days: 30 });
    expect(doomed.body.data).toMatchObject({ cost: 1, remaining: 12 - 2 - 1 - 1 });
    placed.push(doomed.body.data.request_id);
    const failed = await finished(paid, doomed.body.data.request_id, 'failed');
    expect(failed).toMatchObject({ state_label: '回采失败（已退还次数）', refunded: 1 });
    await faults([]);
    expect((await paid.get(`${M}/history_crawl_list`)).body.data.quota).toMatchObject({
      used: 3,
      remaining: 9,
    });
  }, 40_000);

  it('debits the month’s counts by window length and refuses an order the counts cannot cover', async () => {
    // 3 used so far: 180 days cost 6 (one per started 30 days), then 120 days (4) exceed the 3 left.
    const big = await paid.post(`${M}/create_history_crawl`, { mid: account(4).mid });
    expect(big.body.data).toMatchObject({ days: 180, cost: 6, remaining: 3 });
    placed.push(big.body.data.request_id);
    const short = await paid.post(`${M}/create_history_crawl`, { mid: account(5).mid, days: 120 });
    expect(refusal(short)).toBe(4002);
    expect(short.body).toMatchObject({
      status: 4002,
      msg: '本月回采次数不足：本次需要 4 次，本月剩余 3 次（共 12 次），升级会员可获得更多次数',
      data: { cost: 4, remaining: 3, allowance: 12 },
    });
    expect((await paid.get(`${M}/history_crawl_list`)).body.data.quota).toMatchObject({
      used: 9,
      remaining: 3,
    });
  });

  it('lists newest first, filters by state and account name, and pages', async () => {
    const all = (await paid.get(`${M}/history_crawl_list`, { pagesize: 50 })).body.data;
    expect(all.total).toBe(5);
    // The platform clock stands still in tests, so this is the tie-break on insertion order.
    expect(all.list.map((r: Json) => r.request_id)).toEqual([...placed].reverse());
    const done = await paid.post(`${M}/history_crawl_list`, { state: 'done' });
    expect(done.body.data.list.every((r: Json) => r.state === 'done')).toBe(true);
    expect(done.body.data.total).toBeGreaterThanOrEqual(2);
    const byName = await paid.post(`${M}/history_crawl_list`, { keyword: account(2).name });
    expect(byName.body.data.list.map((r: Json) => r.state).sort()).toEqual(['cancelled', 'done']);
    const p2 = await paid.get(`${M}/history_crawl_list`, { page: 2, pagesize: 2 });
    expect(p2.body.data.list.map((r: Json) => r.request_id)).toEqual(
      all.list.slice(2, 4).map((r: Json) => r.request_id),
    );
  });

  it('takes an article link or an account’s home link for the account', async () => {
    // Another member's order is not this member's to read.
    const foreign = (await other.get(`${M}/new_data_title`, { request_id: storage?.requestId ?? '' })).body;
    expect(foreign).toMatchObject({ status: 404, msg: '回采任务不存在' });
    // An article of an account no other test collects: a second collection of the first order's account would
    // rewrite its rows while the last test compares them with what the first order answered.
    const a = world.accounts.slice(7).find((x) => truth(x, 5).length > 0) as SimAccount;
    const art = (await paid.get('/fbmain/search/v1/detail_pubList', { mId: a.mid, page: 1, num: 1 })).body
      .data.article_list[0].articles[0];
    const byArticle = await other.post(`${M}/create_history_crawl`, { url: art.href, days: 7 });
    expect(byArticle.body.data).toMatchObject({ mid: a.mid, days: 7, cost: 1 });
    const home = `https://mp.weixin.qq.com/mp/profile_ext?action=home&__biz=${encodeURIComponent(account(6).biz)}#wechat_redirect`;
    const byHome = await other.post(`${M}/create_history_crawl`, { url: home, days: 7 });
    expect(byHome.body.data).toMatchObject({ mid: account(6).mid });
  });

  it('is for paid members, and answers bad input in Chinese', async () => {
    const visitor = new Client(api);
    for (const call of [
      'history_crawl_list',
      'new_data_storage',
      'new_data_title',
      'new_data_notice_content',
    ]) {
      const r = await visitor.get(`${M}/${call}`);
      expect(refusal(r), call).toBe(40001);
      expect(r.body.msg).toBe('用户未登录');
    }
    expect(refusal(await visitor.post(`${M}/create_history_crawl`, { mid: account(1).mid }))).toBe(40001);
    const low = await free.post(`${M}/create_history_crawl`, { mid: account(1).mid });
    expect(refusal(low)).toBe(40002);
    expect(low.body).toMatchObject({ status: 4002, msg: '历史回采仅限高级及以上会员使用，去升级' });
    expect((await free.get(`${M}/history_crawl_list`)).body.data).toMatchObject({
      total: 0,
      quota: { allowance: 0, remaining: 0 },
    });

    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['POST', 'create_history_crawl', {}, /公众号ID \(mid\) 不能为空/],
      [
        'POST',
        'create_history_crawl',
        { mid: account(1).mid, days: 181 },
        /时间范围 \(days\) 只能是 1 到 180/,
      ],
      ['POST', 'create_history_crawl', { mid: account(1).mid, days: 'abc' }, /时间范围 \(days\) 必须是数字/],
      ['POST', 'create_history_crawl', { mid: account(1).mid, position: 9 }, /位置.*0（全部）到 8/],
      ['POST', 'create_history_crawl', { mid: -3 }, /公众号ID \(mid\) 无效/],
      ['POST', 'create_history_crawl', { url: 'not a link' }, /不是有效的公众号文章链接/],
      [
        'POST',
        'create_history_crawl',
        { url: 'https://mp.weixin.qq.com/mp/profile_ext?__biz=!!' },
        /__biz 无效/,
      ],
      ['GET', 'history_crawl_list', { state: 'paused' }, /状态 \(state\) 只能是/],
      ['POST', 'history_crawl_list', { keyword: '长'.repeat(31) }, /关键词 \(keyword\) 不能超过 30/],
      ['GET', 'history_crawl_list', { pagesize: 51 }, /每页条数/],
      ['GET', 'new_data_storage', {}, /回采任务 \(request_id\) 不能为空/],
      ['GET', 'new_data_title', { request_id: 'x', pagesize: 0 }, /每页条数/],
      ['GET', 'new_data_title', { request_id: 'x', kw: '长'.repeat(51) }, /关键词 \(kw\) 不能超过 50/],
      ['GET', 'new_data_notice_content', { request_id: 'x', aid: '1;DROP' }, /文章ID \(aid\) 格式应为/],
      ['GET', 'new_data_notice_content', { request_id: 'x' }, /文章ID \(aid\) 不能为空/],
      ['POST', 'cancel_history_crawl', {}, /回采任务 \(request_id\) 不能为空/],
    ];
    for (const [method, call, fields, msg] of cases) {
      const r = await paid.call(method, `${M}/${call}`, fields);
      expect(refusal(r), `${call} ${JSON.stringify(fields)}`).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    expect((await paid.post(`${M}/create_history_crawl`, { mid: 1 })).body).toMatchObject({
      status: 404,
      msg: '该公众号尚未收录，请先提交收录（文章链接或公众号名称）',
    });
    expect((await paid.get(`${M}/new_data_storage`, { request_id: 'hc_nothing' })).body).toMatchObject({
      status: 404,
      msg: '回采任务不存在',
    });
    expect((await paid.get(`${M}/history_crawl_list`)).body.data.quota.used).toBe(9);
  });

  it('answered what ClickHouse holds for the finished order’s window', async () => {
    await stopPlatform();
    const store = new ChdbStore(path.join(platform.dataDir, 'clickhouse'));
    try {
      const s = storage as NonNullable<typeof storage>;
      const from = NOW_S - 60 * 86_400;
      const [r] = await store.query<Record<string, string>>(
        `SELECT count() AS articles, uniqExact(msgid) AS posts, countIf(content != '') AS with_content,
           toString(min(pubtime)) AS oldest, toString(max(pubtime)) AS newest
         FROM articles FINAL WHERE mid = {mid:UInt64} AND toUnixTimestamp(pubtime) BETWEEN {from:UInt32} AND {to:UInt32}`,
        { mid: s.mid, from, to: NOW_S },
      );
      const [n] = await store.query<{ n: string }>(
        `SELECT count() AS n FROM article_snapshots FINAL WHERE mid = {mid:UInt64} AND aid IN (
           SELECT aid FROM articles FINAL WHERE mid = {mid:UInt64} AND toUnixTimestamp(pubtime) >= {from:UInt32})`,
        { mid: s.mid, from },
      );
      expect(s.stored).toMatchObject({
        articles: Number(r?.articles),
        posts: Number(r?.posts),
        with_content: Number(r?.with_content),
        oldest: r?.oldest,
        newest: r?.newest,
      });
      // The snapshots at the time of the call: the platform kept crawling afterwards, so never more than now.
      expect(s.stored.snapshots).toBeLessThanOrEqual(Number(n?.n));
      expect(s.stored.snapshots).toBeGreaterThanOrEqual(Number(r?.articles));
    } finally {
      await store.close();
    }
  });
});
