import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { bizOf } from '../core/wechat-ids';
import { Client, type Reply, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * follow/v1 follow_key_search on real chDB and PGlite: a member's favourite groups (made through the group calls)
 * give the accounts, ClickHouse the articles. Hand-computed: the keyword 人工智能 occurs in the titles of 10_1, 20_1,
 * 30_1 and 40_1, in the digest of 11_1 and in the body of 12_2.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const at = (day: string) => Math.floor(Date.parse(`${day}T09:00:00+08:00`) / 1000);

// [mid, aid, title, digest, content, publish day, reads]
const ARTICLES: [number, string, string, string, string, string, number][] = [
  [1, '10_1', '人工智能的十个应用', '', '正文讲机器学习', '2026-10-30', 500],
  [1, '11_1', '周末菜谱', '介绍人工智能厨房', '', '2026-10-31', 200],
  [1, '12_2', '股市观察', '', '今天人工智能概念股上涨', '2026-10-20', 900],
  [2, '20_1', 'AI与人工智能', '', '', '2026-11-01', 100],
  [2, '21_1', '无关的标题', '无关', '无关', '2026-10-29', 700],
  [3, '30_1', '人工智能投资', '', '', '2026-10-25', 3000],
  [4, '40_1', '人工智能', '', '', '2026-11-01', 50],
];

let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let alice: Client;
let bob: Client;
let g1 = 0;
let g2 = 0;
let bobGroup = 0;

const search = (c: Client, q: Record<string, unknown>) => c.get('/fbmain/follow/v1/follow_key_search', q);
const aids = (r: Reply) => r.body.data.article_list.map((a: { aid: string }) => a.aid);

async function group(c: Client, name: string, mids: string): Promise<number> {
  const g = await c.post('/fbmain/search/v1/group_add', { name });
  const id = g.body.data.group_id as number;
  const f = await c.post('/fbmain/search/v1/favorite_add', { group_id: id, mids });
  if (f.body.error_code !== 0) throw new Error(`favorite_add: ${f.text}`);
  return id;
}

beforeAll(async () => {
  const opened = await openServedApp('follow-search', NOW);
  ({ store, close } = opened);
  base = opened.base;
  await store.insert(
    'accounts',
    [1, 2, 3, 4].map((mid) => ({
      mid,
      biz: bizOf(mid),
      name: `号${mid}`,
      avatar: `https://wx.qlogo.cn/${mid}.png`,
      media: '科技',
      updated_at: NOW,
    })),
  );
  await store.insert(
    'articles',
    ARTICLES.map(([mid, aid, title, digest, content, day]) => ({
      mid,
      aid,
      biz: bizOf(mid),
      msgid: Number(aid.split('_')[0]),
      idx: Number(aid.split('_')[1]),
      title,
      digest,
      content,
      href: `https://mp.weixin.qq.com/s?__biz=${bizOf(mid)}&mid=${aid.split('_')[0]}&idx=1&sn=x`,
      pubtime: at(day),
      updated_at: NOW,
    })),
  );
  await store.insert(
    'article_metrics',
    ARTICLES.map(([mid, aid, , , , day, reads]) => ({
      day,
      mid,
      aid,
      pubtime: at(day),
      reads,
      likes: Math.floor(reads / 100),
      looking: 1,
      version: 1,
    })),
  );
  // Account 1 averages (500 + 200 + 900) ÷ 3 reads, as account_stats holds it.
  await store.insert('account_stats', [{ mid: 1, avg_reads: 1600 / 3, version: 1 }]);
  alice = await signUp(base);
  bob = await signUp(base);
  g1 = await group(alice, '科技号', '1,2');
  g2 = await group(alice, '投资号', '3');
  bobGroup = await group(bob, '别人的', '4');
}, 120_000);

afterAll(async () => {
  await close?.();
});

describe('follow_key_search', () => {
  it('searches title, digest and body of the followed accounts’ articles, newest first', async () => {
    const r = await search(alice, { kw: '人工智能' });
    expect(r.status).toBe(200);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({ kw: '人工智能', accounts: 3, total: 5 });
    // 40_1 is account 4's, which only Bob follows; 21_1 does not contain the word.
    expect(aids(r)).toEqual(['20_1', '11_1', '10_1', '30_1', '12_2']);
    const first10 = r.body.data.article_list.find((a: { aid: string }) => a.aid === '10_1');
    expect(first10).toMatchObject({
      mid: 1,
      mp_name: '号1',
      title: '人工智能的十个应用',
      read: 500,
      zan: 5,
      position: 1,
      pubtime: '2026-10-30 09:00:00',
      // 500 ÷ (1600 ÷ 3)
      quality_num: 0.94,
    });
  });

  it('narrows by scope, group and dates; sorts by reads; pages; ignores case', async () => {
    expect(aids(await search(alice, { kw: '人工智能', kw_type: 'title' }))).toEqual(['20_1', '10_1', '30_1']);
    expect(aids(await search(alice, { kw: '人工智能', kw_type: 'body' }))).toEqual(['11_1', '12_2']);
    const inG1 = await search(alice, { kw: '人工智能', group_id: g1 });
    expect(inG1.body.data.accounts).toBe(2);
    expect(aids(inG1)).toEqual(['20_1', '11_1', '10_1', '12_2']);
    expect(aids(await search(alice, { kw: '人工智能', group_id: g2 }))).toEqual(['30_1']);
    expect(
      aids(await search(alice, { kw: '人工智能', start_time: '2026-10-25', end_time: '2026-10-31' })),
    ).toEqual(['11_1', '10_1', '30_1']);
    expect(aids(await search(alice, { kw: '人工智能', orderby: 'read' }))).toEqual([
      '30_1',
      '12_2',
      '10_1',
      '11_1',
      '20_1',
    ]);
    const p2 = await alice.post('/fbmain/follow/v1/follow_key_search', {
      kw: '人工智能',
      pagesize: 2,
      page: 2,
    });
    expect(p2.body.data.total).toBe(5);
    expect(aids(p2)).toEqual(['10_1', '30_1']);
    expect(aids(await search(alice, { kw: 'ai' }))).toEqual(['20_1']);
  });

  it('searches only the member’s own follows: another member, another group, a visitor', async () => {
    expect(aids(await search(bob, { kw: '人工智能' }))).toEqual(['40_1']);
    const other = await search(alice, { kw: '人工智能', group_id: bobGroup });
    expect(refusal(other)).toBe(40004);
    expect(other.body).toEqual({ error_code: 40004, msg: '分组不存在' });
    const visitor = await search(new Client(base), { kw: '人工智能' });
    expect(refusal(visitor)).toBe(40001);
    expect(visitor.body).toEqual({ error_code: 40001, msg: '用户未登录' });
    const nobody = await search(await signUp(base), { kw: '人工智能' });
    expect(nobody.body.data).toEqual({ kw: '人工智能', accounts: 0, total: 0, article_list: [] });
  });

  it.each([
    [{}, '关键词 (kw) 不能为空'],
    [{ kw: ' ' }, '关键词 (kw) 不能为空'],
    [{ kw: 'x'.repeat(31) }, '关键词 (kw) 最长 30 个字'],
    [{ kw: 'a', kw_type: 'author' }, '搜索范围 (kw_type) 只能是 all、title 或 body'],
    [{ kw: 'a', group_id: 'x' }, '分组 (group_id) 必须是数字'],
    [{ kw: 'a', start_time: '2026-02-31x' }, '开始日期 (start_time) 格式应为 yyyy-mm-dd'],
    [{ kw: 'a', start_time: '2026-10-31', end_time: '2026-10-01' }, '开始日期 (start_time) 不能晚于结束日期'],
    [{ kw: 'a', orderby: 'zan' }, '排序 (orderby) 只能是 pubtime 或 read'],
    [{ kw: 'a', pagesize: 51 }, '每页条数 (pagesize) 最大为 50'],
  ])('answers 400 in Chinese for %o', async (q, msg) => {
    const r = await search(alice, q);
    expect(refusal(r)).toBe(40000);
    expect(r.body.error_code).toBe(40000);
    expect(r.body.msg).toContain(msg);
  });
});
