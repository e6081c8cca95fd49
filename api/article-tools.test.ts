import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { NOT_COLLECTED } from '../contract/shapes/tools';
import { COPYRIGHT_CODE } from '../core/copyright';
import { Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * The article tools (tools/v1 article_content, read_batch, comment_rank) over fixtures written straight into
 * ClickHouse: what a page shows of a collected article, batch reads, and the comment list's order and window.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const NOW_S = Math.floor(NOW / 1000);
const H = 3600;

// Two accounts: 42 (biz NDI=) and 43 (biz NDM=).
const BIZ: Record<number, string> = { 42: 'NDI=', 43: 'NDM=' };
interface Fixture {
  mid: number;
  msgid: number;
  idx: number;
  at: number;
  reads: number;
  comments: number;
  content?: string;
}
const FIXTURES: Fixture[] = [
  {
    mid: 42,
    msgid: 501,
    idx: 1,
    at: NOW_S - 10 * H,
    reads: 9000,
    comments: 30,
    content: '第一段正文。<script>window.__pwned = 1</script> 第二段正文！',
  },
  { mid: 42, msgid: 501, idx: 2, at: NOW_S - 10 * H, reads: 1000, comments: 40 },
  { mid: 42, msgid: 400, idx: 1, at: NOW_S - 3 * 86_400, reads: 2000, comments: 5 },
  { mid: 43, msgid: 700, idx: 1, at: NOW_S - 20 * H, reads: 100, comments: 12 },
  // Outside 7 days: only the 30-day list has it.
  { mid: 43, msgid: 300, idx: 1, at: NOW_S - 12 * 86_400, reads: 50_000, comments: 99 },
];
const aidOf = (f: Fixture) => `${f.msgid}_${f.idx}`;
const hrefOf = (f: Fixture) =>
  `https://mp.weixin.qq.com/s?__biz=${encodeURIComponent(BIZ[f.mid] as string)}&mid=${f.msgid}&idx=${f.idx}&sn=sn${f.msgid}${f.idx}`;

let base: string;
let store: ChdbStore;
let close: () => Promise<void>;
let member: Client;

beforeAll(async () => {
  const opened = await openServedApp('article-tools', NOW);
  ({ base, store, close } = opened);
  await store.insert('accounts', [
    {
      mid: 42,
      biz: 'NDI=',
      name: '测试公众号甲',
      wxid: 'test_jia',
      avatar: 'https://img.example/a.png',
      updated_at: 1,
    },
    { mid: 43, biz: 'NDM=', name: '测试公众号乙', wxid: 'test_yi', updated_at: 1 },
  ]);
  await store.insert(
    'articles',
    FIXTURES.map((f) => ({
      mid: f.mid,
      aid: aidOf(f),
      biz: BIZ[f.mid],
      msgid: f.msgid,
      idx: f.idx,
      sn: `sn${f.msgid}${f.idx}`,
      title: `文章 ${aidOf(f)}`,
      digest: '摘要',
      cover: 'https://img.example/cover.png',
      author: '作者',
      href: hrefOf(f),
      pubtime: f.at,
      copyright_stat: f.idx === 1 ? COPYRIGHT_CODE.original : COPYRIGHT_CODE.unknown,
      source_url: f.idx === 1 ? 'https://example.com/source' : '',
      content: f.content ?? '',
      miniprogram_appids: f.content ? ['wxabcdef123456', 'wx0000000000000'] : [],
      updated_at: 1,
    })),
  );
  await store.insert('miniprograms', [
    { appid: 'wxabcdef123456', title: '测试小程序', icon: 'https://img.example/i.png', updated_at: 1 },
  ]);
  await store.insert(
    'article_snapshots',
    FIXTURES.flatMap((f) => [
      // An earlier, lower poll: only the latest counts.
      { mid: f.mid, aid: aidOf(f), ts: f.at + 600, reads: 1, likes: 0, looking: 0, shares: 0, comments: 0 },
      {
        mid: f.mid,
        aid: aidOf(f),
        ts: f.at + 2 * H,
        reads: f.reads,
        likes: Math.floor(f.reads / 100),
        looking: Math.floor(f.reads / 200),
        shares: 3,
        comments: f.comments,
      },
    ]),
  );
  member = await signUp(base);
}, 120_000);

afterAll(async () => {
  await close?.();
});

describe('article_content: a collected article as the content pages show it', () => {
  const first = FIXTURES[0] as Fixture;

  it('answers the parsed page, the counters and the read quality, by post or by link', async () => {
    const r = await member.get('/fbmain/tools/v1/article_content', { post: `42_${aidOf(first)}` });
    expect(r.status).toBe(200);
    const ofAccount = FIXTURES.filter((f) => f.mid === 42);
    const avg = ofAccount.reduce((s, f) => s + f.reads, 0) / ofAccount.length;
    expect(r.body.data).toMatchObject({
      post: '42_501_1',
      mid: 42,
      aid: '501_1',
      title: '文章 501_1',
      url: hrefOf(first),
      position: 1,
      original: 1,
      source_url: 'https://example.com/source',
      // The body is text: a script in the page is just characters here, and the page renders it as text.
      content: first.content,
      has_content: 1,
      mp_name: '测试公众号甲',
      wxid: 'test_jia',
      read: 9000,
      zan: 90,
      looking: 45,
      comment: 30,
      avg_read: Math.round(avg),
      quality_num: Math.round((9000 / avg) * 100) / 100,
      mini_programs: [
        { appid: 'wxabcdef123456', title: '测试小程序', icon: 'https://img.example/i.png' },
        { appid: 'wx0000000000000', title: '', icon: '' },
      ],
    });
    const byUrl = await member.get('/fbmain/tools/v1/article_content', { url: hrefOf(first) });
    expect(byUrl.body.data).toEqual(r.body.data);
    const second = await member.get('/fbmain/tools/v1/article_content', { post: '42_501_2' });
    expect(second.body.data).toMatchObject({ has_content: 0, content: '', original: 0, mini_programs: [] });
  });

  it('says an article is not collected, and refuses visitors and bad input in Chinese', async () => {
    const missing = await member.get('/fbmain/tools/v1/article_content', { post: '42_999_1' });
    expect(refusal(missing)).toBe(40004);
    expect(missing.body).toEqual({ error_code: 40004, msg: NOT_COLLECTED });
    const uncrawled = await member.get('/fbmain/tools/v1/article_content', {
      url: 'https://mp.weixin.qq.com/s?__biz=NDI=&mid=12345&idx=1&sn=abc',
    });
    expect(uncrawled.body.msg).toBe(NOT_COLLECTED);
    const visitor = await new Client(base).get('/fbmain/tools/v1/article_content', { post: '42_501_1' });
    expect(refusal(visitor)).toBe(40001);
    expect(visitor.body.msg).toBe('用户未登录');
    const none = await member.get('/fbmain/tools/v1/article_content', {});
    expect(refusal(none)).toBe(40000);
    expect(none.body.msg).toContain('请提供 post 或文章链接 url');
    const bad = await member.get('/fbmain/tools/v1/article_content', { url: 'https://example.com/x' });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toContain('不是有效的公众号文章链接');
  });
});

describe('read_batch: latest counters of many links at once', () => {
  it('answers one result per line in order, with why a line failed', async () => {
    const lines = [hrefOf(FIXTURES[3] as Fixture), 'https://example.com/x', hrefOf(FIXTURES[1] as Fixture)];
    const r = await member.post('/fbmain/tools/v1/read_batch', { urls: lines.join('\n') });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total: 3, success: 2 });
    const [a, b, c] = r.body.data.list;
    expect(a).toMatchObject({
      input: lines[0],
      ok: true,
      mid: 43,
      aid: '700_1',
      read: 100,
      zan: 1,
      comment: 12,
    });
    expect(b).toMatchObject({ input: lines[1], ok: false });
    expect(b.msg).toContain('不是有效的公众号文章链接');
    expect(c).toMatchObject({ ok: true, read: 1000, looking: 5, position: 2 });
    // The same numbers as read_zan for one link.
    const one = await member.get('/fbmain/monitor/v3/read_zan', { url: lines[2] });
    expect(one.body.data).toMatchObject({ read: c.read, zan: c.zan, looking: c.looking });
  });

  it('takes at most 20 lines, for members', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `${hrefOf(FIXTURES[0] as Fixture)}${i}`).join('\n');
    const r = await member.post('/fbmain/tools/v1/read_batch', { urls: many });
    expect(refusal(r)).toBe(40000);
    expect(r.body.msg).toContain('最多 20 个');
    expect((await member.post('/fbmain/tools/v1/read_batch', { urls: ' ' })).body.msg).toContain('至少 1 个');
    const visitor = await new Client(base).post('/fbmain/tools/v1/read_batch', {
      urls: hrefOf(FIXTURES[0] as Fixture),
    });
    expect(refusal(visitor)).toBe(40001);
  });
});

describe('comment_rank: the articles with the most comments', () => {
  const titles = (body: { data?: { list: { title: string }[] } }) =>
    (body.data?.list ?? []).map((x) => x.title);

  it('sorts the window’s articles by comments, for every account or one', async () => {
    const week = await new Client(base).get('/fbmain/tools/v1/comment_rank', {});
    expect(week.status).toBe(200);
    expect(titles(week.body)).toEqual(['文章 501_2', '文章 501_1', '文章 700_1', '文章 400_1']);
    expect(week.body.data.totals).toEqual({ articles: 4, comments: 87, reads: 12_100 });
    expect(week.body.data.list[0]).toMatchObject({
      post: '42_501_2',
      mp_name: '测试公众号甲',
      comment: 40,
      read: 1000,
      comment_rate: 40,
    });
    const month = await new Client(base).get('/fbmain/tools/v1/comment_rank', { days: 30 });
    expect(titles(month.body)[0]).toBe('文章 300_1');
    const day = await new Client(base).get('/fbmain/tools/v1/comment_rank', { days: 1 });
    expect(titles(day.body)).toEqual(['文章 501_2', '文章 501_1', '文章 700_1']);
    const one = await new Client(base).get('/fbmain/tools/v1/comment_rank', { mid: 43, days: 30 });
    expect(titles(one.body)).toEqual(['文章 300_1', '文章 700_1']);
    const byRate = await new Client(base).get('/fbmain/tools/v1/comment_rank', { sort: 'rate' });
    expect(titles(byRate.body)).toEqual(['文章 700_1', '文章 501_2', '文章 501_1', '文章 400_1']);
    const byRead = await new Client(base).get('/fbmain/tools/v1/comment_rank', {
      sort: 'read',
      num: 2,
      page: 2,
    });
    expect(titles(byRead.body)).toEqual(['文章 501_2', '文章 700_1']);
  });

  it('answers bad input in Chinese', async () => {
    for (const [q, msg] of [
      [{ days: 3 }, '时间范围 (days) 只能是 1、7、30'],
      [{ sort: 'x' }, '排序 (sort) 只能是'],
      [{ mid: 'abc' }, '公众号ID (mid) 必须是数字'],
    ] as const) {
      const r = await new Client(base).get('/fbmain/tools/v1/comment_rank', q);
      expect(refusal(r)).toBe(40000);
      expect(r.body.msg).toContain(msg);
    }
  });
});
