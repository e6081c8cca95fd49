import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { Crawler } from '../collectors/crawler';
import { MpSource } from '../collectors/mp-source';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { startSimulator } from '../simulator/server';
import { StreamWriter } from './writer';

const log = createLogger('silent');

describe('stream writer: task status and crawl progress', () => {
  const store = new ChdbStore(path.join(tempDir('writer'), 'ch'));
  const bus = new MemoryBus(log);
  const writer = new StreamWriter(bus, store, log);
  beforeAll(async () => {
    await migrateClickHouse(store, log);
    await writer.start();
  });
  afterAll(async () => {
    await writer.stop();
    await bus.close();
    await store.close();
  });

  it('keeps the newest report of each monitor task and crawl request', async () => {
    const status = (state: 'waiting' | 'monitoring' | 'done', at: number, polls: number) => ({
      key: 'biz1',
      value: {
        task_id: 't1',
        state,
        biz: 'biz1',
        aids: state === 'waiting' ? [] : ['5_1'],
        start_ts: state === 'waiting' ? null : 1_700_000_000,
        end_ts: state === 'done' ? 1_700_086_400 : null,
        polls,
        at,
      },
    });
    // Published out of order: the newest `at` must win, not the last delivered.
    await bus.publish('monitor.status', [
      status('waiting', 1_700_000_000_000, 0),
      status('done', 1_700_086_400_500, 1440),
      status('monitoring', 1_700_000_060_000, 1),
    ]);
    await bus.publish('crawl.progress', [
      {
        key: 'r1',
        value: {
          request_id: 'r1',
          kind: 'include',
          state: 'done',
          biz: 'biz1',
          pages: 1,
          articles: 3,
          snapshots: 3,
          covered_from: null,
          percent: 100,
          message: '收录成功',
          result: { code: 1, tip: '', is_success: true, data: [], data2: [] },
          at: 1_700_000_100_000,
        },
      },
    ]);
    await bus.drain();
    const [t] = await store.query<{ state: string; polls: number; aids: string[]; end_ts: string }>(
      'SELECT state, polls, aids, toUnixTimestamp(end_ts) AS end_ts FROM monitor_status FINAL',
    );
    expect(t).toEqual({ state: 'done', polls: 1440, aids: ['5_1'], end_ts: 1_700_086_400 });
    const [p] = await store.query<{ percent: number; result: string; message: string }>(
      'SELECT percent, result, message FROM crawl_progress FINAL',
    );
    expect(p?.percent).toBe(100);
    expect(p?.message).toBe('收录成功');
    expect(JSON.parse(p?.result ?? '{}')).toMatchObject({ code: 1, is_success: true });
  });
  it('fills miniprograms and video_accounts from a crawl of the simulator, and video posts get cover and length', async () => {
    const now = Date.parse('2026-11-01T21:30:00+08:00');
    const sim = await startSimulator(
      { seed: 5, accounts: 20, historyDays: 5, now: () => now, host: '127.0.0.1', port: 0 },
      log,
    );
    try {
      const crawler = new Crawler(new MpSource(sim.url), bus, log, {
        crawlDays: 5,
        intervalS: 3600,
        concurrency: 4,
        clock: fixedClock(now),
      });
      await crawler.runRound();
      await bus.drain();
      const w = sim.world;
      const embedded = new Map(
        w.accounts
          .flatMap((a) => w.pushes(a).flatMap((p) => p.articles.flatMap((x) => x.miniPrograms)))
          .map((m) => [m.appid, m]),
      );
      expect(embedded.size).toBeGreaterThan(0);
      const programs = await store.query<{ appid: string; title: string; icon: string; username: string }>(
        'SELECT appid, title, icon, username FROM miniprograms FINAL ORDER BY appid',
      );
      expect(programs).toEqual(
        [...embedded.values()]
          .sort((a, b) => (a.appid < b.appid ? -1 : 1))
          .map((m) => ({ appid: m.appid, title: m.title, icon: m.icon, username: '' })),
      );
      // The exposure table is derived from the articles' appids, which now arrive with the pages.
      const [exposed] = await store.query<{ n: string }>(
        'SELECT uniqExact(appid) AS n FROM article_miniprograms FINAL',
      );
      expect(Number(exposed?.n)).toBe(embedded.size);
      const [bodies] = await store.query<{ empty: string }>(
        "SELECT countIf(content = '') AS empty FROM articles FINAL",
      );
      expect(Number(bodies?.empty)).toBe(0);

      const finders = w.accounts.filter((a) => a.finder && w.videoPosts(a).length > 0);
      expect(finders.length).toBeGreaterThan(0);
      const accounts = await store.query<{
        finder_id: string;
        name: string;
        avatar: string;
        mid: number;
        description: string;
      }>('SELECT finder_id, name, avatar, mid, description FROM video_accounts FINAL ORDER BY finder_id');
      expect(accounts).toEqual(
        finders
          .map((a) => ({
            finder_id: a.finder?.username,
            name: a.finder?.nickname,
            avatar: `${sim.url}/mmhead/${encodeURIComponent(a.biz)}/0`,
            mid: a.mid,
            description: a.signature,
          }))
          .sort((x, y) => ((x.finder_id ?? '') < (y.finder_id ?? '') ? -1 : 1)),
      );
      const posts = await store.query<{ post_id: string; cover: string; duration_s: number }>(
        'SELECT post_id, cover, duration_s FROM video_posts FINAL',
      );
      const byId = new Map(finders.flatMap((a) => w.videoPosts(a)).map((v) => [v.objectId, v]));
      expect(posts.length).toBeGreaterThan(0);
      for (const p of posts) {
        expect(p.duration_s).toBe(byId.get(p.post_id)?.durationS);
        expect(p.cover).toMatch(/\/mmhead\//);
      }
    } finally {
      await sim.close();
    }
  });
});
