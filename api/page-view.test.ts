import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { openTestApp } from '../e2e/app-harness';
import { responseRefusal } from '../e2e/members-harness';

/** Page-view events (one per dashboard route change) land in ClickHouse for the data team. */
let app: Hono;
let store: ChdbStore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, store, close } = await openTestApp('page-view', Date.parse('2026-11-01T21:30:00+08:00')));
});
afterAll(async () => {
  await close();
});

const post = (body: unknown, type = 'application/json') =>
  app.request('/fbmain/common/v1/page_view', {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('common/v1/page_view', () => {
  it('stores each event with its path, query, referrer and visitor id', async () => {
    const vid = 'b3f1c2d4-0000-4000-8000-000000000001';
    expect((await post({ path: '/', vid })).status).toBe(200);
    const r = await post({
      path: '/appsearch/detail',
      query: 'mid=3001&active=0',
      referrer: 'http://x/main/',
      vid,
    });
    expect(await r.json()).toEqual({ error_code: 0, msg: 'success', data: null });
    const rows = await store.query<{
      path: string;
      query: string;
      referrer: string;
      vid: string;
      user_id: string;
    }>('SELECT path, query, referrer, vid, toString(user_id) AS user_id FROM page_views ORDER BY ts');
    expect(rows).toEqual([
      { path: '/', query: '', referrer: '', vid, user_id: '0' },
      {
        path: '/appsearch/detail',
        query: 'mid=3001&active=0',
        referrer: 'http://x/main/',
        vid,
        user_id: '0',
      },
    ]);
  });

  it('refuses what is not a page path or a visitor id, in Chinese', async () => {
    const bad = await post({ path: 'http://evil/' });
    expect(await responseRefusal(bad)).toBe(40000);
    expect(await bad.json()).toEqual({
      error_code: 40000,
      msg: '参数错误：页面路径 (path) 必须是以 / 开头的页面路径',
    });
    expect(await responseRefusal(await post({ path: '/', vid: "x' OR 1=1" }))).toBe(40000);
    expect(await responseRefusal(await post('{not json'))).toBe(40000);
    const [n] = await store.query<{ n: string }>('SELECT count() AS n FROM page_views');
    expect(Number(n?.n)).toBe(2);
  });
});
