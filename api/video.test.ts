import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoMessage } from '../bus/messages';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { call, openTestApp } from '../e2e/app-harness';
import { refreshVideoStats, touchedVideoAccounts } from '../stream/analytics/video-stats';
import { rows } from '../stream/writer';

/** Video-account figures on real chDB from posts written as the stream writer writes them; hand-computed. */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const TODAY = '2026-11-01';
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

type Counts = [read: number, like: number, comment: number, forward: number, fav: number];
const POSTS: { finder: string; mid: number; id: string; pub: string; early: Counts; late: Counts }[] = [
  // f1: today, 6 days ago (in 7 days), 12 days ago (in 30), 47 days ago (outside 30).
  {
    finder: 'f1',
    mid: 10,
    id: 'v1',
    pub: '2026-11-01T10:00:00',
    early: [500, 9, 1, 1, 1],
    late: [1000, 50, 10, 20, 20],
  },
  {
    finder: 'f1',
    mid: 10,
    id: 'v2',
    pub: '2026-10-26T10:00:00',
    early: [10, 0, 0, 0, 0],
    late: [3000, 100, 20, 30, 50],
  },
  {
    finder: 'f1',
    mid: 10,
    id: 'v3',
    pub: '2026-10-20T10:00:00',
    early: [1, 1, 1, 1, 1],
    late: [2000, 40, 5, 10, 5],
  },
  {
    finder: 'f1',
    mid: 10,
    id: 'v4',
    pub: '2026-09-15T10:00:00',
    early: [1, 1, 1, 1, 1],
    late: [9000, 900, 90, 90, 90],
  },
  // f2: reads unknown (0): engagement rate 0.
  {
    finder: 'f2',
    mid: 11,
    id: 'w1',
    pub: '2026-10-31T20:00:00',
    early: [0, 1, 0, 0, 0],
    late: [0, 5, 1, 0, 0],
  },
];

const message = (p: (typeof POSTS)[number], c: Counts, crawledAt: number): VideoMessage => ({
  object_id: p.id,
  finder_username: p.finder,
  mid: p.mid,
  biz: 'eA==',
  create_time: at(p.pub),
  description: `作品${p.id}`,
  read: c[0],
  like: c[1],
  comment: c[2],
  forward: c[3],
  fav: c[4],
  crawled_at: crawledAt,
  cover: '',
  duration_s: 0,
});

/** Inserts as StreamWriter's videos subscription does: the post rows, then one snapshot per message. */
async function write(store: ChdbStore, batch: VideoMessage[]) {
  await store.insert('video_posts', batch.map(rows.videoPost));
  await store.insert('video_snapshots', batch.map(rows.videoSnapshot));
}

const chNow = async (store: ChdbStore) =>
  Number((await store.query<{ ms: string }>('SELECT toUnixTimestamp64Milli(now64(3)) AS ms'))[0]?.ms);

let app: Hono;
let store: ChdbStore;
let close: () => Promise<void>;
let firstTo = 0;

beforeAll(async () => {
  ({ app, store, close } = await openTestApp('video', NOW));
  await store.insert('accounts', [
    { mid: 10, biz: 'MTA=', name: '视频主理人', avatar: 'a.png', updated_at: NOW },
  ]);
  // The late poll first: the latest poll (by time) must win whatever the arrival order.
  await write(
    store,
    POSTS.map((p) => message(p, p.late, NOW - 3600_000)),
  );
  await write(
    store,
    POSTS.map((p) => message(p, p.early, NOW - 7200_000)),
  );
  firstTo = await chNow(store);
  expect(await touchedVideoAccounts(store, { fromMs: 0, toMs: firstTo })).toEqual(['f1', 'f2']);
  await refreshVideoStats(store, { fromMs: 0, toMs: firstTo }, TODAY, 1);
});

afterAll(async () => {
  await close();
});

const stats = async (finder: string) =>
  (
    await store.query<Record<string, unknown>>(
      `SELECT * EXCEPT (last_pub), toString(last_pub) AS last_pub FROM video_account_stats FINAL
       WHERE finder_id = {f:String}`,
      { f: finder },
    )
  ).map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, k === 'finder_id' || k === 'last_pub' ? v : Number(v)]),
    ),
  )[0];

describe('video account stats (hand-computed)', () => {
  it('sums, averages, maximum and engagement rate over the 30-day posts from the latest polls', async () => {
    // 30 days: v1 + v2 + v3. Reads 1000 + 3000 + 2000 = 6000; likes 190, comments 35, forwards 60, favs 75.
    expect(await stats('f1')).toEqual({
      finder_id: 'f1',
      mid: 10,
      posts_total: 4,
      posts_7d: 2,
      posts_30d: 3,
      reads_30d: 6000,
      likes_30d: 190,
      comments_30d: 35,
      forwards_30d: 60,
      favs_30d: 75,
      avg_reads: 2000,
      max_reads: 3000,
      avg_likes: 190 / 3,
      avg_comments: 35 / 3,
      avg_forwards: 20,
      avg_favs: 25,
      // (190 + 35 + 60 + 75) ÷ 6000
      engagement_rate: 0.06,
      last_pub: '2026-11-01 10:00:00',
      version: 1,
    });
    expect(await stats('f2')).toMatchObject({ posts_30d: 1, reads_30d: 0, likes_30d: 5, engagement_rate: 0 });
  });

  it('recomputes only the accounts touched in a window; the calendar moves the windows for all', async () => {
    await write(store, [message(POSTS[1] as (typeof POSTS)[number], [4000, 100, 20, 30, 50], NOW - 60_000)]);
    const w = { fromMs: firstTo, toMs: await chNow(store) };
    expect(await touchedVideoAccounts(store, w)).toEqual(['f1']);
    await refreshVideoStats(store, w, TODAY, 2);
    expect(await stats('f1')).toMatchObject({ reads_30d: 7000, max_reads: 4000, version: 2 });
    expect(await stats('f2')).toMatchObject({ version: 1 });
    // On 11-25 the 7 days are 11-19..11-25 (none); the 30 days 10-27..11-25 keep v1 (f1) and w1 (f2) only.
    await refreshVideoStats(store, 'all', '2026-11-25', 3);
    expect(await stats('f1')).toMatchObject({ posts_7d: 0, posts_30d: 1, reads_30d: 1000, version: 3 });
    expect(await stats('f2')).toMatchObject({ posts_7d: 0, posts_30d: 1, version: 3 });
    await refreshVideoStats(store, 'all', TODAY, 4);
  });
});

describe('search/v1 video routes through the app', () => {
  it('video_account_detail by finder_id or by the linked account', async () => {
    const byId = await call(app, '/fbmain/search/v1/video_account_detail?finder_id=f1');
    expect(byId.status).toBe(200);
    expect(byId.body.data.account).toMatchObject({
      finder_id: 'f1',
      mid: 10,
      mp_name: '视频主理人',
      posts_total: 4,
      posts_7d: 2,
      posts_30d: 3,
      reads_30d: 7000,
      avg_read: 2333.33,
      max_read: 4000,
      avg_like: 63.33,
      avg_comment: 11.67,
      avg_forward: 20,
      avg_fav: 25,
      // 360 ÷ 7000
      engagement_rate: 0.0514,
      last_pub: '2026-11-01 10:00:00',
    });
    const byMid = await call(app, '/fbmain/search/v1/video_account_detail', { mid: '10' });
    expect(byMid.body.data.account.finder_id).toBe('f1');
  });

  it('video_post_list sorted by reads, paged, with per-post engagement', async () => {
    const r = await call(app, '/fbmain/search/v1/video_post_list?mid=10&orderby=read&num=2');
    expect(r.body.error_code).toBe(0);
    expect(r.body.data.total).toBe(4);
    expect(r.body.data.post_list.map((p: any) => [p.post_id, p.read])).toEqual([
      ['v4', 9000],
      ['v2', 4000],
    ]);
    expect(r.body.data.post_list[1]).toMatchObject({
      like: 100,
      comment: 20,
      forward: 30,
      fav: 50,
      engagement_rate: 0.05,
    });
    const p2 = await call(app, '/fbmain/search/v1/video_post_list?finder_id=f1&page=2&num=2');
    // Newest first by default: v1, v2 | v3, v4.
    expect(p2.body.data.post_list.map((p: any) => p.post_id)).toEqual(['v3', 'v4']);
  });

  it('answers bad input in Chinese with its code (HTTP 200, docs/api.md), never 500', async () => {
    const bad = [
      ['/fbmain/search/v1/video_account_detail', 40000, '请提供视频号ID (finder_id) 或公众号ID (mid)'],
      ['/fbmain/search/v1/video_account_detail?mid=abc', 40000, '公众号ID (mid) 必须是数字'],
      ['/fbmain/search/v1/video_account_detail?finder_id=nope', 40004, '视频号不存在或尚未收录'],
      ['/fbmain/search/v1/video_account_detail?mid=99', 40004, '该公众号没有已收录的视频号'],
      ['/fbmain/search/v1/video_post_list?finder_id=f1&orderby=x', 40000, '只能是 pubtime、read 或 like'],
      ['/fbmain/search/v1/video_post_list?finder_id=f1&num=0', 40000, '每页条数 (num) 最小为 1'],
    ] as const;
    for (const [url, code, msg] of bad) {
      const r = await call(app, url);
      expect(r.status, url).toBe(200);
      expect(r.body.error_code, url).toBe(code);
      expect(r.body.msg, url).toContain(msg);
    }
  });
});
