import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../platform/platform';
import { startInProcess, waitReady } from './harness';
import { buy, refusal, signUp } from './members-harness';

/**
 * Account and article search beyond key_search, and the owner calls, on a running platform: each answer is
 * checked against the platform's other answers for the same accounts (mp_detail, detail_pubList, key_search).
 */
let platform: Platform & { dataDir: string };
let api: string;

async function json<T = any>(
  path: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: T }> {
  const res = await fetch(
    `${api}${path}`,
    form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : {},
  );
  return { status: res.status, body: (await res.json()) as T };
}

const S = '/fbmain/search/v1';
// JSON rows: the tests assert on the answers' shape themselves.
type Any = any;
let accounts: Any[];

beforeAll(async () => {
  platform = await startInProcess();
  api = platform.url as string;
  await waitReady(api);
  // The processor's account_stats land within a tick of the first crawl.
  for (let i = 0; i < 240; i++) {
    const r = await json(`${S}/senior_search/name`, { orderby: 'fans', num: '50' });
    if (r.body.data?.total > 0) break;
    await new Promise((res) => setTimeout(res, 250));
  }
  accounts = (await json(`${S}/key_search`, { kw: '', num: '50' })).body.data.accounts;
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('search_by_name and senior_search/name', () => {
  it('finds an account by its exact name first, and by a part of it', async () => {
    const a = accounts[3];
    const exact = await json(`${S}/search_by_name`, { name: a.name });
    expect(exact.body.error_code).toBe(0);
    expect(exact.body.data.accounts[0]).toMatchObject({ mid: a.mid, name: a.name, owner: a.owner });
    const part = a.name.slice(0, 2);
    const some = await json(`${S}/search_by_name`, { name: part, num: '50' });
    for (const x of some.body.data.accounts) expect(x.name.toLowerCase()).toContain(part.toLowerCase());
    expect(some.body.data.accounts.map((x: Any) => x.mid)).toContain(a.mid);
    const missing = await json(`${S}/search_by_name`, {});
    expect(missing).toEqual({
      status: 200,
      body: { error_code: 40000, msg: '参数错误：名称 (name) 不能为空' },
    });
  });

  it('filters by industry and estimated fans, sorted by the chosen figure', async () => {
    const media = accounts[0].media;
    const all = await json(`${S}/senior_search/name`, { media, orderby: 'fans', num: '50' });
    const rows = all.body.data.accounts;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.media).toBe(media);
    const fans = rows.map((r: Any) => r.fans);
    expect([...fans].sort((x, y) => y - x)).toEqual(fans);
    // Each row's estimated fans is the one mp_detail shows.
    const { body: d } = await json(`${S}/mp_detail?mId=${rows[0].mid}`);
    expect(d.data.account.fans).toBe(rows[0].fans);
    const mid = fans[Math.floor(fans.length / 2)];
    const band = await json(`${S}/senior_search/name`, {
      media,
      fans_min: String(mid),
      orderby: 'index',
      num: '50',
    });
    for (const r of band.body.data.accounts) expect(r.fans).toBeGreaterThanOrEqual(mid);
    const idx = band.body.data.accounts.map((r: Any) => r.index);
    expect([...idx].sort((x, y) => y - x)).toEqual(idx);
    const bad = await json(`${S}/senior_search/name`, { orderby: 'likes' });
    expect(refusal(bad)).toBe(40000);
    expect(bad.body.msg).toMatch(/^参数错误：排序 \(orderby\) 只能是 fans、index/);
  });
});

describe('relevance (docs/api.md, how account search ranks)', () => {
  it('puts the exact name first in every search, finds a name one character off, and carries the figures', async () => {
    const a = accounts.find((x: Any) => [...x.name].length >= 4) as Any;
    const key = await json(`${S}/key_search`, { kw: a.name, num: '50' });
    expect(key.body.data.accounts[0].mid).toBe(a.mid);
    // Its 微信号 in upper case, and its name with one character changed.
    const byWx = await json(`${S}/key_search`, { kw: a.wxid.toUpperCase() });
    expect(byWx.body.data.accounts[0].mid).toBe(a.mid);
    const chars = [...a.name];
    chars[1] = chars[1] === '错' ? '对' : '错';
    const typo = await json(`${S}/search_by_name`, { name: chars.join('') });
    expect(typo.body.data.accounts.map((x: Any) => x.mid)).toContain(a.mid);
    // 综合 in the advanced search: the same name tiers, the exact name first.
    const senior = await json(`${S}/senior_search/name`, { name: a.name, orderby: 'relevance' });
    expect(senior.body.data.accounts[0].mid).toBe(a.mid);
    // The keyword answer carries the figures the advanced search sorts by, the same values.
    const row = key.body.data.accounts[0];
    const fig = senior.body.data.accounts[0];
    expect({ fans: row.fans, index: row.index, wci: row.wci, avg_top_read: row.avg_top_read }).toEqual({
      fans: fig.fans,
      index: fig.index,
      wci: fig.wci,
      avg_top_read: fig.avg_top_read,
    });
    // An industry word lists that industry's accounts before any matched only by a description.
    const media = a.media as string;
    const inMedia = (await json(`${S}/key_search`, { kw: media, num: '50' })).body.data.accounts.map(
      (x: Any) => x.media === media,
    );
    expect(inMedia.indexOf(false) === -1 || !inMedia.slice(inMedia.indexOf(false)).includes(true)).toBe(true);
  });
});

describe('article_search_/title', () => {
  it('finds the articles whose title contains the words, with the lists’ filters and sorts', async () => {
    const { body: hist } = await json(`${S}/detail_pubList?mId=${accounts[0].mid}&num=20`);
    const article = hist.data.article_list[0].articles[0];
    const kw = [...article.title].slice(0, 2).join('');
    const r = await json(`${S}/article_search_/title`, { kw, days: '30', sort: 'read', num: '100' });
    expect(r.body.error_code).toBe(0);
    const list = r.body.data.article_list;
    for (const a of list) expect(a.title).toContain(kw);
    expect(list.map((a: Any) => a.aid + a.mid)).toContain(article.aid + accounts[0].mid);
    const reads = list.map((a: Any) => a.read);
    expect([...reads].sort((x, y) => y - x)).toEqual(reads);
    const floor = reads[Math.floor(reads.length / 2)];
    const high = await json(`${S}/article_search_/title`, { kw, min_read: String(floor), num: '100' });
    expect(high.body.data.total).toBeLessThanOrEqual(r.body.data.total);
    for (const a of high.body.data.article_list) expect(a.read).toBeGreaterThanOrEqual(floor);
    const bad = await json(`${S}/article_search_/title`, { kw, days: '2' });
    expect(bad.body.msg).toMatch(/只能是 1、7、30、90、180 或 365/);
  });
});

describe('owner calls and hot articles', () => {
  it('same_owner_count matches mp_detail; mp_same_owner is for deluxe members', async () => {
    const withOwner = accounts.find((a: Any) => a.owner);
    const { body: d } = await json(`${S}/mp_detail?mId=${withOwner.mid}`);
    const count = await json(`/fbmain/account/v1/same_owner_count?mid=${withOwner.mid}`);
    expect(count.body.data).toEqual({
      owner: withOwner.owner,
      owner_total: d.data.account.owner_total,
      same_owner: d.data.account.same_owner,
    });
    const senior = await signUp(api);
    await buy(senior, 'vip2_q');
    expect((await senior.get(`${S}/mp_same_owner`, { mid: withOwner.mid })).body.error_code).toBe(40002);
    const deluxe = await signUp(api);
    await buy(deluxe, 'vip3_q');
    const list = await deluxe.get(`${S}/mp_same_owner`, { mid: withOwner.mid, num: 2 });
    expect(list.body.data.total).toBe(d.data.account.same_owner);
    expect(list.body.data.accounts.length).toBe(Math.min(2, d.data.account.same_owner));
    const owner = await deluxe.get(`${S}/detail_owner`, { mId: withOwner.mid });
    expect(owner.body.data.same_accounts.slice(0, 2).map((x: Any) => x.mid)).toEqual(
      list.body.data.accounts.map((x: Any) => x.mid),
    );
  });

  it('article_hot lists the articles detail_pubList marks as hot, most read first', async () => {
    let checked = 0;
    for (const a of accounts.slice(0, 10)) {
      const hot = await json(`${S}/article_hot?mid=${a.mid}&num=50`);
      const viaHistory = await json(`${S}/detail_pubList?mId=${a.mid}&is_hot=1&num=20`);
      const expected = viaHistory.body.data.article_list.flatMap((g: Any) =>
        g.articles.map((x: Any) => x.aid),
      );
      expect(hot.body.data.article_list.map((x: Any) => x.aid).sort()).toEqual(expected.sort());
      const reads = hot.body.data.article_list.map((x: Any) => x.read);
      expect([...reads].sort((x, y) => y - x)).toEqual(reads);
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('detail_pubList/time', () => {
  it('is the history over a date range, both ends required', async () => {
    const mid = accounts[0].mid;
    const { body: all } = await json(`${S}/detail_pubList?mId=${mid}&num=20`);
    const day = all.data.article_list[0].postTime.slice(0, 10);
    const q = `mId=${mid}&start_time=${day}&end_time=${day}&num=20`;
    const ranged = await json(`${S}/detail_pubList/time?${q}`);
    expect(ranged.body.error_code).toBe(0);
    expect(ranged.body.data.article_list.length).toBeGreaterThan(0);
    for (const g of ranged.body.data.article_list) expect(g.postTime.slice(0, 10)).toBe(day);
    expect(ranged.body.data).toEqual((await json(`${S}/detail_pubList?${q}`)).body.data);
    const open = await json(`${S}/detail_pubList/time?mId=${mid}&start_time=${day}`);
    expect(open).toEqual({
      status: 200,
      body: { error_code: 40000, msg: '参数错误：开始日期 (start_time) 请选择开始日期和结束日期' },
    });
  });
});

describe('account pages read concurrently', () => {
  it('answers each of many concurrent detail and history calls with its own account (batched reads), and 404 for an unknown one', async () => {
    const mids: number[] = accounts.slice(0, 12).map((a: Any) => Number(a.mid));
    const [details, pages] = await Promise.all([
      Promise.all(mids.map((m) => json(`${S}/mp_detail?mId=${m}`))),
      Promise.all(mids.map((m) => json(`${S}/detail_pubList?mId=${m}&num=20`))),
    ]);
    for (const [i, m] of mids.entries()) {
      expect(details[i]?.body.data.account.mid).toBe(m);
      const list = pages[i]?.body.data.article_list as Any[];
      expect(list.length).toBeGreaterThan(0);
      for (const g of list) for (const a of g.articles) expect(a.mid).toBe(m);
      // The same answers one at a time.
      expect((await json(`${S}/mp_detail?mId=${m}`)).body.data).toEqual(details[i]?.body.data);
      expect((await json(`${S}/detail_pubList?mId=${m}&num=20`)).body.data).toEqual(pages[i]?.body.data);
    }
    for (const path of ['mp_detail?mId=999999999', 'detail_pubList?mId=999999999&num=20'])
      expect(await json(`${S}/${path}`)).toEqual({
        status: 200,
        body: { error_code: 40004, msg: '公众号不存在或尚未收录' },
      });
  });
});
