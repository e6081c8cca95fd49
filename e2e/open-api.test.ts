import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ENDPOINTS } from '../api/open-api/endpoints';
import { API_COSTS } from '../members/pricing';
import type { Platform } from '../platform/platform';
import { publishStepSeries, startInProcess, until, waitReady } from './harness';
import { type Client, signUp } from './members-harness';

/**
 * The paid open API through its own OpenAPI document, on a running platform (simulator, collectors, bus,
 * stream, ClickHouse, Postgres): the document validates; every operation it lists is called with a real key,
 * built from the document's parameters, and every answer must match the document's schema; the balance moves
 * by the documented price, and calls that find nothing are refunded.
 */

type Json = any;

let platform: Platform & { dataDir: string };
let base: string;
let member: Client;
let key: string;
let doc: Json;
let hot: Json[];

const OPEN = '/fbmain/openapi/v1';

beforeAll(async () => {
  platform = await startInProcess({ HOT_MIN_READS: '1', FAKE_EVERY_S: '1' });
  base = platform.url as string;
  await waitReady(base);
  hot = ((await (await fetch(`${base}/fbmain/main/v1/today_hot?num=50`)).json()) as Json).data.article_list;
  if (hot.length < 3) throw new Error('too few articles today');
  member = await signUp(base);
  key = (await member.post('/fbmain/api/v1/api_keys', { name: '开放接口测试' })).body.data.key;
  doc = await (await fetch(`${base}${OPEN}/openapi.json`)).json();
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
/** The schema of an operation's answer for an HTTP status, resolved against the document. */
function answerSchema(op: Json, status: number): Json {
  let r = op.responses[String(status)];
  if (!r) throw new Error(`the document lists no ${status} answer for ${op.operationId}`);
  if (r.$ref) r = doc.components.responses[r.$ref.split('/').pop()];
  const s = r.content['application/json'].schema;
  return s.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s;
}
function expectMatches(op: Json, status: number, body: unknown) {
  const validate = ajv.compile(answerSchema(op, status));
  const valid = validate(body);
  expect(validate.errors ?? [], `${op.operationId} ${status}: ${JSON.stringify(body).slice(0, 300)}`).toEqual(
    [],
  );
  expect(valid).toBe(true);
}

/** Calls one operation of the document: query parameters for GET, a JSON body for POST. */
async function callOp(
  path: string,
  method: string,
  values: Record<string, string | number>,
  apiKey = key,
): Promise<{ status: number; body: Json }> {
  const url = new URL(`${base}${doc.servers[0].url}${path}`);
  const init: RequestInit = { method: method.toUpperCase(), headers: { 'X-Api-Key': apiKey } };
  if (method === 'get') for (const [k, v] of Object.entries(values)) url.searchParams.set(k, String(v));
  else {
    init.body = JSON.stringify(values);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(url, init);
  return { status: res.status, body: await res.json() };
}

const balance = async () =>
  (await member.get('/fbmain/account/v1/user_remaining_amount')).body.data.remaining;

describe('the open API through its OpenAPI document', () => {
  it('serves a valid OpenAPI 3.1 document that lists every endpoint with its price', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, item]: [string, Json]) =>
      Object.entries(item).map(([m, op]: [string, Json]) => ({
        p,
        m,
        id: op.operationId,
        cost: op['x-cost'],
      })),
    );
    expect(ops.map((o) => o.id).sort()).toEqual(OPEN_ENDPOINTS.map((e) => e.name).sort());
    for (const o of ops) expect(o.cost).toMatch(/次|免费/);
    // The pricing page lists the same endpoints and prices.
    const pricing = (await (await fetch(`${base}/fbmain/api/v1/api_pricing`)).json()) as Json;
    expect(pricing.data.endpoints.map((e: Json) => [e.name, e.cost_note])).toEqual(
      OPEN_ENDPOINTS.map((e) => [e.name, e.costNote]),
    );
  });

  it('calls every operation with a real key; answers match the document and the balance moves by the price', async () => {
    const art = hot[1] as Json;
    const other = hot[2] as Json;
    const account = (await (await fetch(`${base}/fbmain/search/v1/mp_detail?mId=${art.mid}`)).json()) as Json;
    const values: Record<string, string | number> = {
      kw: account.data.account.name,
      mid: Number(art.mid),
      url: art.href,
      freq: 1,
      days: 1,
      num: 5,
    };
    // A video account linked to a collected account (the simulator gives some accounts one), for the 视频号 calls.
    const video = await until('a collected video account', async () => {
      for (const mid of new Set(hot.map((h) => h.mid))) {
        const r = (await (
          await fetch(`${base}/fbmain/search/v1/video_account_detail?mid=${mid}`)
        ).json()) as Json;
        if (r.error_code === 0) return r.data.account;
      }
      return null;
    });
    values.finder_id = video.finder_id;
    // The WeChat short link of the test's article (the simulator's own), for link_short2long.
    const sim = platform.simulator?.world;
    const simArt = sim?.accounts
      .flatMap((a) => sim.pushes(a).flatMap((p) => p.articles))
      .find((a) => `${a.msgid}_${a.idx}` === art.aid && a.title === art.title);
    if (!simArt) throw new Error('the test article is not in the simulator');
    const short = `https://mp.weixin.qq.com/s/${simArt.shortToken}`;
    // Per operation: the video search looks for the video account's linked account name.
    const perOp: Record<string, Record<string, string | number>> = {
      video_search: { kw: video.mp_name },
      link_short2long: { url: short },
    };
    const optional = new Set(['num', 'freq', 'days', 'url', 'finder_id']);
    const order = ['monitor_task_day', 'monitor_report'];
    const ops = Object.entries(doc.paths)
      .flatMap(([p, item]: [string, Json]) =>
        Object.entries(item).map(([m, op]: [string, Json]) => ({ p, m, op })),
      )
      .sort((a, b) => order.indexOf(a.op.operationId) - order.indexOf(b.op.operationId));
    const called: string[] = [];
    const answers: Record<string, Json> = {};
    for (const { p, m, op } of ops) {
      const fields: [string, boolean][] =
        m === 'get'
          ? (op.parameters ?? []).map((x: Json) => [x.name, x.required])
          : Object.keys(op.requestBody.content['application/json'].schema.properties).map((n) => [
              n,
              (op.requestBody.content['application/json'].schema.required ?? []).includes(n),
            ]);
      const args: Record<string, string | number> = {};
      // Required fields take the test's values; optional ones only where the test means to set them.
      for (const [name, required] of fields) {
        if (required || optional.has(name)) {
          const v = perOp[op.operationId]?.[name] ?? values[name];
          if (v === undefined) throw new Error(`no test value for ${name} of ${op.operationId}`);
          args[name] = v;
        }
      }
      const before = await balance();
      const r = await callOp(p, m, args);
      expect(r.status, `${op.operationId}: ${JSON.stringify(r.body)}`).toBe(200);
      expectMatches(op, 200, r.body);
      // A fake-traffic report with no verdict yet (insufficient) is not charged.
      const price =
        op.operationId === 'monitor_task_day'
          ? API_COSTS.monitor_task_day * 1
          : op.operationId === 'fake_report' && r.body.data.verdict === 'insufficient'
            ? 0
            : API_COSTS[op.operationId as keyof typeof API_COSTS];
      expect(before - (await balance()), op.operationId).toBe(price);
      expect(r.body.remaining).toBe(before - price);
      answers[op.operationId] = r.body.data;
      if (op.operationId === 'monitor_task_day') values.task_id = r.body.data.task_id;
      called.push(op.operationId);
    }
    expect(called.sort()).toEqual(OPEN_ENDPOINTS.map((e) => e.name).sort());

    // The answers carry the platform's own figures.
    expect(answers.search.accounts.map((a: Json) => a.mid)).toContain(Number(art.mid));
    expect(answers.account).toMatchObject({ mid: Number(art.mid), name: account.data.account.name });
    const stats = answers.article_stats;
    expect(stats).toMatchObject({
      post: `${art.mid}_${art.aid}`,
      title: art.title,
      reads: Number(art.read),
    });
    expect(answers.fake_report.verdict).toBe('insufficient');
    // The short link comes back as the article's permanent link; the video calls answer the same account.
    expect(answers.link_short2long).toMatchObject({
      source: 'wechat',
      article: { kind: 'short', mid: Number(art.mid), aid: art.aid, title: art.title },
    });
    expect(answers.link_short2long.url).toContain(`mid=${simArt.msgid}`);
    expect(answers.video_search.accounts.map((a: Json) => a.finder_id)).toContain(video.finder_id);
    expect(answers.video_account).toMatchObject({
      finder_id: video.finder_id,
      posts_total: video.posts_total,
      reads_30d: video.reads_30d,
    });
    expect(answers.video_posts.finder_id).toBe(video.finder_id);
    expect(answers.video_posts.total).toBe(video.posts_total);
    expect(answers.video_posts.posts.length).toBe(Math.min(5, video.posts_total));
    expect(answers.monitor_task_day).toMatchObject({
      post: `${art.mid}_${art.aid}`,
      freq: 1,
      days: 1,
      cost: 10,
    });
    // Newest first: today's article is among the first five, with the counters article_stats gave.
    const mine = answers.articles.articles.find((a: Json) => a.post === `${art.mid}_${art.aid}`);
    expect(mine).toMatchObject({ title: art.title, reads: stats.reads, likes: stats.likes });
    expect(answers.articles.articles).toHaveLength(Math.min(5, answers.articles.total));

    // The task reaches the collector and its polls come back in the report.
    // Watched in the collector itself: every open-API call costs.
    await until(
      'the monitor task’s first poll',
      // A new order is polled when it reaches the collector.
      async () => platform.monitor?.tasks().some((t) => t.task.task_id === values.task_id && t.polls > 0),
      20_000,
    );
    await until('the task’s state in ClickHouse', async () => {
      const h = await member.get('/fbmain/monitor/v1/history_task_list');
      return h.body.data.list.some((t: Json) => t.task_id === values.task_id && t.reported);
    });
    const r = await callOp('/monitor_report', 'get', { task_id: values.task_id as string });
    expectMatches(doc.paths['/monitor_report'].get, 200, r.body);
    const report = r.body.data;
    expect(report).toMatchObject({ state: 'monitoring', state_text: '监测中' });
    expect(report.polls).toBeGreaterThan(0);
    expect(report.articles[0].series.length).toBeGreaterThan(0);
    expect(report.articles[0]).toMatchObject({ post: `${art.mid}_${art.aid}`, title: art.title });
    expect(report.articles[0].series.at(-1)).toMatchObject({ reads: expect.any(Number) });

    // A second live task on the same article is refused and not charged.
    const before = await balance();
    const again = await callOp('/monitor_tasks', 'post', { url: art.href, days: 2 });
    expect(again.status).toBe(409);
    expectMatches(doc.paths['/monitor_tasks'].post, 409, again.body);
    expect(again.body.msg).toContain('进行中的监测任务');
    expect(await balance()).toBe(before);

    // A form body works as well as JSON.
    const form = await fetch(`${base}${OPEN}/monitor_tasks`, {
      method: 'POST',
      headers: { 'X-Api-Key': key, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url: other.href, freq: '10', days: '2' }).toString(),
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as Json).data).toMatchObject({ freq: 10, days: 2, cost: 20 });
    expect(await balance()).toBe(before - 20);
  }, 150_000);

  it('reports fake traffic once enough polls arrive', async () => {
    const { post } = await publishStepSeries(platform, base);
    const r = await until('the fake verdict', async () => {
      const x = await callOp('/fake_report', 'get', { post });
      if (x.status === 200 && x.body.data.verdict === 'fake') return x;
      await new Promise((ok) => setTimeout(ok, 1000));
      return null;
    });
    expectMatches(doc.paths['/fake_report'].get, 200, r.body);
    // A verdict is charged in full.
    const before = await balance();
    const again = await callOp('/fake_report', 'get', { post });
    expect(again.body.data.verdict).toBe('fake');
    expect(before - (await balance())).toBe(API_COSTS.fake_report);
    expect(again.body.remaining).toBe(before - API_COSTS.fake_report);
    expect(r.body.data.forecast_fake).toBeGreaterThan(0);
    expect(r.body.data.signals.map((s: Json) => s.code)).toContain('switch');
    expect(r.body.data.summary).toMatch(/^判定为刷量/);
  }, 40_000);

  it('answers failures in the documented envelope, in Chinese, and charges nothing for them', async () => {
    const before = await balance();
    const cases: [string, string, Record<string, string | number>, number, string?][] = [
      ['/account', 'get', { mid: 'abc' }, 400],
      ['/account', 'get', {}, 400],
      ['/search', 'get', { kw: '' }, 400],
      ['/articles', 'get', { mid: hot[0].mid, start_time: '2026-13-45' }, 400],
      ['/article_stats', 'get', {}, 400],
      ['/article_stats', 'get', { url: 'https://example.com/x' }, 400],
      ['/fake_report', 'get', { post: 'abc' }, 400],
      ['/monitor_tasks', 'post', { url: hot[0].href, freq: 3 }, 400],
      ['/monitor_tasks', 'post', { url: hot[0].href, days: 9 }, 400],
      ['/account', 'get', { mid: 987654321 }, 404],
      ['/articles', 'get', { mid: 987654321 }, 404],
      ['/search', 'get', { kw: '没有这样的公众号名字' }, 404],
      ['/monitor_report', 'get', { task_id: 'mt_nope' }, 404],
      ['/link_short2long', 'get', {}, 400],
      ['/link_short2long', 'get', { url: 'https://example.com/s/abc' }, 400],
      ['/link_short2long', 'get', { url: `${base}/t/zzzzzz` }, 404],
      ['/link_short2long', 'get', { url: 'https://mp.weixin.qq.com/s/NoSuchShortToken0' }, 404],
      ['/video_search', 'get', { kw: '' }, 400],
      ['/video_search', 'get', { kw: '没有这样的视频号名字' }, 404],
      ['/video_account', 'get', {}, 400],
      ['/video_account', 'get', { finder_id: 'no_such_finder' }, 404],
      ['/video_account', 'get', { mid: 987654321 }, 404],
      ['/video_posts', 'get', { finder_id: 'no_such_finder' }, 404],
      ['/video_posts', 'get', { mid: hot[0].mid, orderby: 'hot' }, 400],
      ['/account', 'get', { mid: hot[0].mid }, 401, 'gzh_wrong'],
    ];
    for (const [p, m, values, status, badKey] of cases) {
      const r = await callOp(p, m, values, badKey ?? key);
      expect(r.status, `${p} ${JSON.stringify(values)}`).toBe(status);
      expectMatches(doc.paths[p][m], status, r.body);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
      if (status === 400) expect(r.body.msg).toMatch(/^参数错误：[\u4e00-\u9fff]+.* \(\w+\) /);
    }
    expect(await balance()).toBe(before);
    // Another member's task is not found for this key.
    const other = await signUp(base);
    const otherKey = (await other.post('/fbmain/api/v1/api_keys', {})).body.data.key;
    const task = await callOp('/monitor_tasks', 'post', { url: hot[0].href }, otherKey);
    expect(task.status).toBe(200);
    const peek = await callOp('/monitor_report', 'get', { task_id: task.body.data.task_id });
    expect(peek.status).toBe(404);
  }, 40_000);
});
