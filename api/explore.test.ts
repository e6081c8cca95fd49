import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';

/**
 * The explore pages' own calls (search/v1 owner_search, favorite_figures) over hand-made accounts, articles,
 * account_daily and account_stats rows; every expected figure is worked out by hand from the fixture (today is
 * 2026-11-01, Beijing time).
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const S = '/fbmain/search/v1';
const at = (s: string) => Math.floor(Date.parse(`${s}+08:00`) / 1000);

let store: ChdbStore;
let close: () => Promise<void>;
let base: string;
let visitor: Client;
let member: Client;

const ACCOUNTS = [
  { mid: 101, name: '甲一号', owner: '甲公司', area: '北京', media: '科技' },
  { mid: 102, name: '甲二号', owner: '甲公司', area: '上海', media: '财经' },
  { mid: 103, name: '甲三号', owner: '甲公司', area: '北京', media: '科技' },
  { mid: 201, name: '乙一号', owner: '甲公司分部', area: '广东', media: '汽车' },
  { mid: 301, name: '丙一号', owner: '丙工作室', area: '浙江', media: '美食' },
  { mid: 401, name: '无主体号', owner: '', area: '', media: '' },
];
// [mid, msgid, pubtime]
const ARTICLES: [number, number, string][] = [
  [101, 1, '2026-10-31T08:00:00'],
  [101, 2, '2026-11-01T09:00:00'],
  [102, 3, '2026-10-20T10:00:00'],
  [201, 4, '2026-10-30T07:30:00'],
];

beforeAll(async () => {
  const opened = await openServedApp('explore', NOW);
  ({ store, close } = opened);
  base = opened.base;
  await store.insert(
    'accounts',
    ACCOUNTS.map((a) => ({
      ...a,
      biz: Buffer.from(String(a.mid)).toString('base64'),
      wxid: `wx${a.mid}`,
      updated_at: NOW,
    })),
  );
  await store.insert(
    'articles',
    ARTICLES.map(([mid, msgid, pub]) => ({
      mid,
      aid: `${msgid}_1`,
      biz: Buffer.from(String(mid)).toString('base64'),
      msgid,
      idx: 1,
      title: `文章${msgid}`,
      href: `https://mp.weixin.qq.com/s?__biz=${mid}&mid=${msgid}&idx=1`,
      pubtime: at(pub),
      updated_at: NOW,
    })),
  );
  await store.insert('account_daily', [
    {
      mid: 101,
      day: '2026-11-01',
      articles: 2,
      posts: 1,
      reads: 1000,
      likes: 50,
      looking: 10,
      head_articles: 1,
      head_reads: 800,
      max_reads: 800,
      version: 1,
    },
    // Outside the 7-day window: not counted.
    {
      mid: 101,
      day: '2026-10-10',
      articles: 1,
      posts: 1,
      reads: 5000,
      likes: 100,
      looking: 20,
      head_articles: 1,
      head_reads: 5000,
      max_reads: 5000,
      version: 1,
    },
  ]);
  await store.insert('account_stats', [
    { mid: 101, fans: 16000, wci: 10.1, account_index: 1.01, version: 1 },
    { mid: 301, fans: 6000, wci: 30.1, account_index: 3.01, version: 1 },
  ]);
  visitor = new Client(base);
  member = await signUp(base);
}, 120_000);

afterAll(async () => {
  await close?.();
});

describe('search/v1 owner_search', () => {
  it('finds owners by part of the name, the exact name first, with account, industry, area and article counts', async () => {
    const r = await visitor.get(`${S}/owner_search`, { kw: '甲公司' });
    expect(r.status).toBe(200);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toEqual({
      total: 2,
      page: 1,
      num: 20,
      list: [
        {
          owner: '甲公司',
          accounts: 3,
          media: ['科技', '财经'].sort(),
          areas: ['上海', '北京'].sort(),
          articles: 3,
          last_pub: '2026-11-01 09:00:00',
        },
        {
          owner: '甲公司分部',
          accounts: 1,
          media: ['汽车'],
          areas: ['广东'],
          articles: 1,
          last_pub: '2026-10-30 07:30:00',
        },
      ],
    });
  });

  it('pages without overlap, and an owner with no article has empty figures', async () => {
    const p2 = await visitor.get(`${S}/owner_search`, { kw: '甲', num: 1, page: 2 });
    expect(p2.body.data.total).toBe(2);
    expect(p2.body.data.list.map((o: { owner: string }) => o.owner)).toEqual(['甲公司分部']);
    const c = await visitor.post(`${S}/owner_search`, { kw: '工作室' });
    expect(c.body.data.list).toEqual([
      { owner: '丙工作室', accounts: 1, media: ['美食'], areas: ['浙江'], articles: 0, last_pub: '' },
    ]);
    // Accounts without an owner are in no owner's list.
    expect((await visitor.get(`${S}/owner_search`, { kw: '无主体' })).body.data.total).toBe(0);
  });

  it('answers bad input in Chinese, never a 500', async () => {
    for (const q of [{}, { kw: '' }, { kw: 'x'.repeat(31) }, { kw: '甲', page: 0 }, { kw: '甲', num: 51 }]) {
      const r = await visitor.get(`${S}/owner_search`, q);
      expect(refusal(r)).toBe(40000);
      expect(r.body.error_code).toBe(40000);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('search/v1 favorite_figures', () => {
  it('needs a session', async () => {
    const r = await visitor.get(`${S}/favorite_figures`);
    expect(refusal(r)).toBe(40001);
    expect(r.body.error_code).toBe(40001);
  });

  it("lists the member's favourite accounts once each, newest first, with their groups and 7-day figures", async () => {
    expect((await member.get(`${S}/favorite_figures`)).body.data).toEqual({ days: 7, total: 0, list: [] });
    const g1 = (await member.post(`${S}/group_add`, { name: '科技' })).body.data.group_id;
    const g2 = (await member.post(`${S}/group_add`, { name: '其他' })).body.data.group_id;
    expect((await member.post(`${S}/favorite_add`, { group_id: g1, mids: '101' })).body.error_code).toBe(0);
    expect((await member.post(`${S}/favorite_add`, { group_id: g2, mids: '101,301' })).body.error_code).toBe(
      0,
    );
    const r = await member.get(`${S}/favorite_figures`);
    expect(r.body.error_code).toBe(0);
    const d = r.body.data;
    expect(d.total).toBe(2);
    expect(d.list.map((a: { mid: number }) => a.mid).sort()).toEqual([101, 301]);
    const jia = d.list.find((a: { mid: number }) => a.mid === 101);
    expect(jia).toMatchObject({
      name: '甲一号',
      owner: '甲公司',
      media: '科技',
      fans: 16000,
      index: 1.01,
      articles: 2,
      reads: 1000,
      avg_reads: 500,
      head_avg_reads: 800,
      likes: 50,
      last_pub: '2026-11-01 09:00:00',
    });
    expect(jia.groups.map((g: { name: string }) => g.name).sort()).toEqual(['其他', '科技'].sort());
    const bing = d.list.find((a: { mid: number }) => a.mid === 301);
    expect(bing).toMatchObject({ name: '丙一号', articles: 0, reads: 0, fans: 6000, last_pub: '' });
    expect(bing.groups).toEqual([{ group_id: g2, name: '其他' }]);
  });
});
