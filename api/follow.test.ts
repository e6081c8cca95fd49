import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { bizOf } from '../core/wechat-ids';
import { call, openTestApp } from '../e2e/app-harness';
import { refreshArticleSignatures } from '../stream/analytics/similar-articles';
import { AnalyticsProcessor } from '../stream/analytics-processor';
import { similarArticles } from './queries/similar-articles';

/**
 * Similar articles and the follow feed on real chDB, hand-computed. The article T (mid 1, 科技) has the title
 * 人工智能改变未来的十种方式: 12 character bigrams (人工 工智 智能 能改 改变 变未 未来 来的 的十 十种 种方 方式), and
 * the digest 一文读懂人工智能 (7 bigrams). Match = 0.7 × title Jaccard + 0.1 × digest Jaccard + 0.2 × same industry.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (iso: string) => Math.floor(Date.parse(`${iso}+08:00`) / 1000);

const ACCOUNTS = [
  { mid: 1, name: '甲科技', media: '科技' },
  { mid: 2, name: '乙科技', media: '科技' },
  { mid: 3, name: '丙财经', media: '财经' },
];
const T = '人工智能改变未来的十种方式';
const ARTICLES = [
  // The article itself: never among its own similar articles.
  {
    mid: 1,
    msgid: 100,
    idx: 1,
    title: T,
    digest: '一文读懂人工智能',
    pub: '2026-10-30T08:00:00',
    reads: 800,
  },
  // 11 of 13 bigrams shared (方式 → 方法), same digest, same industry: 0.7 × 11/13 + 0.1 + 0.2 = 0.892.
  {
    mid: 2,
    msgid: 200,
    idx: 1,
    title: '人工智能改变未来的十种方法',
    digest: '一文读懂人工智能',
    pub: '2026-10-29T09:00:00',
    reads: 3000,
  },
  // The same title with punctuation (removed before bigrams): title 1, no digest (0), other industry: 0.7.
  {
    mid: 3,
    msgid: 300,
    idx: 1,
    title: '人工智能，改变未来的十种方式！',
    digest: '',
    pub: '2026-10-28T10:00:00',
    reads: 500,
  },
  // 11/13, other industry: 0.7 × 11/13 = 0.592, twice; more reads first.
  {
    mid: 3,
    msgid: 301,
    idx: 2,
    title: '人工智能改变未来的十种方法',
    digest: '',
    pub: '2026-10-27T10:00:00',
    reads: 1000,
  },
  {
    mid: 3,
    msgid: 302,
    idx: 1,
    title: '人工智能改变未来的十种方法',
    digest: '',
    pub: '2026-10-26T10:00:00',
    reads: 3000,
  },
  // 人工智能的未来: 人工 工智 智能 能的 的未 未来, 4 shared, union 14: 0.7 × 4/14 + 0.2 = 0.4.
  { mid: 1, msgid: 101, idx: 1, title: '人工智能的未来', digest: '', pub: '2026-10-31T08:00:00', reads: 400 },
  // Unrelated: no bigram in common.
  {
    mid: 2,
    msgid: 201,
    idx: 1,
    title: '周末去哪儿吃火锅',
    digest: '',
    pub: '2026-10-30T12:00:00',
    reads: 1000,
  },
  // The same title 40 days earlier: outside the ±30-day window.
  { mid: 2, msgid: 199, idx: 1, title: T, digest: '', pub: '2026-09-20T08:00:00', reads: 2000 },
];
const aidOf = (a: { msgid: number; idx: number }) => `${a.msgid}_${a.idx}`;
const hrefOf = (a: { mid: number; msgid: number; idx: number }) =>
  `https://mp.weixin.qq.com/s?__biz=${bizOf(a.mid)}&mid=${a.msgid}&idx=${a.idx}&sn=x${a.msgid}`;

let app: Hono;
let store: ChdbStore;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, store, close } = await openTestApp('follow', NOW));
  await store.insert(
    'accounts',
    ACCOUNTS.map((a) => ({
      mid: a.mid,
      biz: bizOf(a.mid),
      name: a.name,
      media: a.media,
      avatar: `https://wx.qlogo.cn/${a.mid}.png`,
      updated_at: NOW,
    })),
  );
  await store.insert(
    'articles',
    ARTICLES.map((a) => ({
      mid: a.mid,
      aid: aidOf(a),
      biz: bizOf(a.mid),
      msgid: a.msgid,
      idx: a.idx,
      title: a.title,
      digest: a.digest,
      href: hrefOf(a),
      pubtime: at(a.pub),
      updated_at: NOW,
    })),
  );
  await store.insert(
    'article_snapshots',
    ARTICLES.map((a) => ({
      mid: a.mid,
      aid: aidOf(a),
      ts: at(a.pub) + 3600,
      reads: a.reads,
      likes: Math.floor(a.reads / 100),
      looking: Math.floor(a.reads / 200),
      shares: 0,
      comments: 0,
    })),
  );
  // article_metrics and account_stats as the stream keeps them, then the signatures of the same window.
  const p = new AnalyticsProcessor(store, fixedClock(NOW), createLogger('silent'), {
    tickMs: 60_000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 60_000,
  });
  await p.runOnce(true);
  await refreshArticleSignatures(store, p.lastTick?.window ?? { fromMs: 0, toMs: Date.now() }, 1);
});

afterAll(async () => {
  await close();
});

describe('similar articles (hand-computed)', () => {
  it('ranks near-duplicates by the documented match degree, excludes the article, the unrelated and the old', async () => {
    const { total, rows } = await similarArticles(store, {
      mid: 1,
      aid: '100_1',
      page: 1,
      size: 20,
      since: '1970-01-01',
    });
    expect(total).toBe(5);
    expect(rows.map((r) => [r.mid, r.aid, r.match])).toEqual([
      [2, '200_1', 0.892],
      [3, '300_1', 0.7],
      [3, '302_1', 0.592],
      [3, '301_2', 0.592],
      [1, '101_1', 0.4],
    ]);
    const [a, b] = rows;
    expect(a).toMatchObject({
      title_similarity: 0.846,
      digest_similarity: 1,
      same_media: true,
      title: '人工智能改变未来的十种方法',
      mp_name: '乙科技',
      avatar: 'https://wx.qlogo.cn/2.png',
      position: 1,
      read: 3000,
      zan: 30,
      looking: 15,
      // Account 2 averages (3000 + 1000 + 2000) ÷ 3 = 2000 reads.
      quality_num: 1.5,
      pubtime: '2026-10-29 09:00:00',
    });
    // Same title after punctuation is removed; no digest against T's 7 digest bigrams; other industry.
    expect(b).toMatchObject({
      title_similarity: 1,
      digest_similarity: 0,
      same_media: false,
      quality_num: 0.33,
    });
  });

  it('adds the same-industry bonus: equal titles, 0.2 apart', async () => {
    // From 101_1 (科技), 100_1 (科技, T) and 302_1 (财经) both share 4 of 14 bigrams with 人工智能的未来.
    const { rows } = await similarArticles(store, {
      mid: 1,
      aid: '101_1',
      page: 1,
      size: 20,
      since: '1970-01-01',
    });
    const byAid = Object.fromEntries(rows.map((r) => [r.aid, r.match]));
    expect(byAid['100_1']).toBe(0.4);
    expect(byAid['200_1']).toBe(0.4);
    expect(byAid['302_1']).toBe(0.2);
    expect(byAid['101_1']).toBeUndefined();
  });

  it('keeps signatures incrementally: an unchanged article is not re-signed, a retitled one is', async () => {
    const signed = async (version: number) =>
      Number(
        (
          await store.query<{ n: string }>(
            `SELECT count() AS n FROM article_signatures WHERE version = {v:UInt64}`,
            {
              v: version,
            },
          )
        )[0]?.n,
      );
    // Versions above the processor's (it signs with Date.now()), so a re-sign wins as it would in production.
    const v2 = Date.now() + 2;
    const v3 = Date.now() + 3;
    await refreshArticleSignatures(store, { fromMs: 0, toMs: Date.now() + 1000 }, v2);
    expect(await signed(v2)).toBe(0);
    await store.insert('articles', [
      {
        mid: 2,
        aid: '201_1',
        biz: bizOf(2),
        msgid: 201,
        idx: 1,
        title: '人工智能改变未来的十种方式',
        href: hrefOf({ mid: 2, msgid: 201, idx: 1 }),
        pubtime: at('2026-10-30T12:00:00'),
        updated_at: NOW + 1,
      },
    ]);
    await refreshArticleSignatures(store, { fromMs: 0, toMs: Date.now() + 1000 }, v3);
    const [re] = await store.query<{ aid: string }>(
      `SELECT aid FROM article_signatures WHERE version = {v:UInt64}`,
      {
        v: v3,
      },
    );
    expect(await signed(v3)).toBe(1);
    expect(re?.aid).toBe('201_1');
    const { rows } = await similarArticles(store, {
      mid: 1,
      aid: '100_1',
      page: 1,
      size: 1,
      since: '1970-01-01',
    });
    // Now an exact copy in the same industry: 0.7 + 0 (no digest) + 0.2.
    expect(rows[0]).toMatchObject({ aid: '201_1', match: 0.9 });
  });
});

describe('follow/v1 through the app', () => {
  it('similar_article pages by aid, by mid + aid and by article link, GET and POST', async () => {
    const p1 = await call(app, '/fbmain/follow/v1/similar_article?aid=100_1&pagesize=2');
    expect(p1.status).toBe(200);
    expect(p1.body.error_code).toBe(0);
    expect(p1.body.data.total).toBe(6);
    expect(p1.body.data.rule).toContain('匹配度');
    expect(p1.body.data.article_list.map((r: any) => r.aid)).toEqual(['201_1', '200_1']);
    const p2 = await call(app, '/fbmain/follow/v1/similar_article', {
      aid: '100_1',
      mid: '1',
      page: '2',
      pagesize: '2',
    });
    expect(p2.body.data.article_list.map((r: any) => r.aid)).toEqual(['300_1', '302_1']);
    const link = hrefOf({ mid: 1, msgid: 100, idx: 1 });
    const p3 = await call(
      app,
      `/fbmain/follow/v1/similar_article?article_url=${encodeURIComponent(link)}&page=3&pagesize=2`,
    );
    expect(p3.body.data).toMatchObject({ mid: 1, aid: '100_1', total: 6 });
    expect(p3.body.data.article_list.map((r: any) => r.aid)).toEqual(['301_2', '101_1']);
    // top=1 keeps headline articles only, counted and paged on the server.
    const all = await call(app, '/fbmain/follow/v1/similar_article?aid=100_1&pagesize=50');
    const heads = all.body.data.article_list.filter((r: any) => r.position === 1).map((r: any) => r.aid);
    expect(heads).not.toContain('301_2');
    const top = await call(app, '/fbmain/follow/v1/similar_article?aid=100_1&pagesize=50&top=1');
    expect(top.body.data.total).toBe(heads.length);
    expect(top.body.data.article_list.map((r: any) => r.aid)).toEqual(heads);
  });

  it('answers bad input in Chinese with 400 or 404, never 500', async () => {
    const bad = [
      ['/fbmain/follow/v1/similar_article', 400, '请提供文章ID (aid) 或文章链接 (article_url)'],
      ['/fbmain/follow/v1/similar_article?aid=abc', 400, '文章ID (aid) 格式应为'],
      ['/fbmain/follow/v1/similar_article?aid=100_1&pagesize=500', 400, '每页条数 (pagesize) 最大为 50'],
      ['/fbmain/follow/v1/similar_article?article_url=hello', 400, '不是有效的公众号文章链接'],
      ['/fbmain/follow/v1/similar_article?aid=999_1', 404, '文章不存在或尚未收录'],
      ['/fbmain/follow/v1/similar_article?aid=100_1&top=2', 400, '只能是 0 或 1'],
      ['/fbmain/follow/v1/follow_account_article?mids=1,x', 400, '公众号ID列表 (mids)'],
      ['/fbmain/follow/v1/follow_account_article', 400, '公众号ID列表 (mids)'],
    ] as const;
    for (const [url, status, msg] of bad) {
      const r = await call(app, url);
      // The kind of refusal; /fbmain sends it as HTTP 200 with the body's code (docs/api.md).
      expect(r.status, url).toBe(200);
      expect(r.body.msg, url).toContain(msg);
      expect(r.body.error_code, url).toBe(status === 404 ? 40004 : 40000);
    }
  });

  it('follow_account_article: newest first across the followed accounts, paged', async () => {
    const r = await call(app, '/fbmain/follow/v1/follow_account_article?mids=1,3&pagesize=3');
    expect(r.body.error_code).toBe(0);
    expect(r.body.data.total).toBe(5);
    expect(r.body.data.article_list.map((a: any) => [a.mid, a.aid, a.pubtime])).toEqual([
      [1, '101_1', '2026-10-31 08:00:00'],
      [1, '100_1', '2026-10-30 08:00:00'],
      [3, '300_1', '2026-10-28 10:00:00'],
    ]);
    // Account 1 averages (800 + 400) ÷ 2 = 600 reads.
    expect(r.body.data.article_list[0]).toMatchObject({ mp_name: '甲科技', read: 400, quality_num: 0.67 });
    const p2 = await call(app, '/fbmain/follow/v1/follow_account_article', {
      mids: '3,1',
      page: '2',
      pagesize: '3',
    });
    expect(p2.body.data.article_list.map((a: any) => a.aid)).toEqual(['301_2', '302_1']);
  });
});
