import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPYRIGHT_CODE } from '../core/copyright';
import type { Platform } from '../platform/platform';
import { startInProcess, waitReady } from './harness';
import { buy, refusal, signUp } from './members-harness';

/**
 * simulator → collector → bus → stream → chDB → API over HTTP. Expected values are read from the
 * simulator's raw HTTP answers here, independently of the collector's parsing code.
 */

interface RawAppMsg {
  appmsgid: number;
  itemidx: number;
  title: string;
  link: string;
  create_time: number;
  copyright_stat: number;
  item_show_type: number;
}

const beijing = (unixS: number) =>
  new Date(unixS * 1000 + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

let platform: Platform & { dataDir: string };
let api: string;
let sim: string;

async function json<T = any>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as T };
}

async function rawArticles(biz: string, horizonS: number) {
  const out: (RawAppMsg & { read: number; zan: number; looking: number })[] = [];
  for (let begin = 0; ; begin += 5) {
    const { body } = await json(
      `${sim}/cgi-bin/appmsgpublish?sub=list&fakeid=${encodeURIComponent(biz)}&begin=${begin}&count=5`,
    );
    const page = JSON.parse(body.publish_page);
    let done = page.publish_list.length < 5;
    for (const item of page.publish_list) {
      const info = JSON.parse(item.publish_info);
      if (info.sent_info.time < horizonS) {
        done = true;
        break;
      }
      for (const a of info.appmsgex as RawAppMsg[]) {
        const sn = new URL(a.link).searchParams.get('sn');
        const stat = await json(
          `${sim}/mp/getappmsgext?__biz=${encodeURIComponent(biz)}&mid=${a.appmsgid}&idx=${a.itemidx}&sn=${sn}&f=json`,
          { method: 'POST' },
        );
        const s = stat.body.appmsgstat;
        out.push({ ...a, read: s.read_num, zan: s.old_like_num, looking: s.like_num });
      }
    }
    if (done) break;
  }
  return out;
}

beforeAll(async () => {
  // The embedded default as `npm start` runs it: chDB and PGlite (the other platform tests use the server's copy).
  platform = await startInProcess({}, { embedded: true });
  api = platform.url as string;
  sim = platform.simulator?.url as string;
  await waitReady(api);
});

afterAll(async () => {
  await platform?.stop();
});

describe('end-to-end pipeline on the embedded engines', () => {
  it('reports readiness only with both stores open and the first crawl landed', async () => {
    const { status, body } = await json(`${api}/health`);
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: { clickhouse: true, postgres: true, bus: true, first_crawl: true, analytics: true },
    });
  });

  it('serves every account the simulator lists, with its profile unchanged', async () => {
    const { body: dir } = await json(`${sim}/cgi-bin/searchbiz?action=search_biz&query=&begin=0&count=20`);
    expect(dir.total).toBe(40);
    const search = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kw=&page=1&num=50',
    });
    expect(search.body.error_code).toBe(0);
    expect(search.body.data.total).toBe(40);

    for (const b of dir.list.slice(0, 8)) {
      const { body: prof } = await json(
        `${sim}/mp/profile_ext?action=getinfo&__biz=${encodeURIComponent(b.fakeid)}&f=json`,
      );
      const mid = Number(Buffer.from(b.fakeid, 'base64').toString());
      const { status, body } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${mid}`);
      expect(status).toBe(200);
      const a = body.data.account;
      expect(a).toMatchObject({
        mid,
        name: b.nickname,
        mp_name: b.nickname,
        wx: b.alias,
        wxid: b.alias,
        owner: prof.principal_name,
        zhuti: prof.principal_name,
        area: prof.province,
        media: prof.category,
        tag: prof.tags,
        desc: prof.signature,
        avatar: b.round_head_img,
      });
    }
  });

  it('serves every article with the counts the simulator served, grouped by push', async () => {
    const { body: dir } = await json(`${sim}/cgi-bin/searchbiz?action=search_biz&query=&begin=0&count=6`);
    const horizon = Math.floor(Date.parse('2026-11-01T21:30:00+08:00') / 1000) - 10 * 86_400;
    let compared = 0;
    let kinds = 0;
    for (const b of dir.list) {
      const mid = Number(Buffer.from(b.fakeid, 'base64').toString());
      const expected = await rawArticles(b.fakeid, horizon);
      const got: any[] = [];
      for (let page = 1; ; page++) {
        const { body } = await json(`${api}/fbmain/search/v1/detail_pubList?mId=${mid}&page=${page}&num=20`);
        expect(body.error_code).toBe(0);
        expect(body.data.total).toBe(expected.length);
        for (const g of body.data.article_list) {
          for (const art of g.articles) {
            expect(art.up_time).not.toBe('');
            got.push({ ...art, postTime: g.postTime });
          }
        }
        if (page * 20 >= body.data.total) break;
      }
      expect(got).toHaveLength(expected.length);
      const byAid = new Map(got.map((g) => [g.aid, g]));
      const avgRead = expected.reduce((s, e) => s + e.read, 0) / expected.length;
      for (const e of expected) {
        const g = byAid.get(`${e.appmsgid}_${e.itemidx}`);
        expect(g, `article ${e.appmsgid}_${e.itemidx} of ${b.nickname}`).toBeDefined();
        expect(g).toMatchObject({
          position: e.itemidx,
          title: e.title,
          read: e.read,
          zan: e.zan,
          looking: e.looking,
          tag: e.copyright_stat === COPYRIGHT_CODE.original ? 1 : 0,
          postTime: beijing(e.create_time),
          mid,
          mp_name: b.nickname,
          avg_read: Math.round(avgRead),
        });
        expect(g.quality_num).toBeCloseTo(e.read / avgRead, 2);
        // The message kind travels from item_show_type (and the page) through the bus to the history list.
        if (e.item_show_type === 8) expect(g.kind).toBe('picture');
        else if (e.item_show_type === 10) expect(g.kind).toBe('text');
        else expect(['article', 'share']).toContain(g.kind);
        if (g.kind !== 'article') kinds++;
        compared++;
      }
      // Newest push first, positions ascending within a push.
      const order = got.map((g) => `${g.postTime}#${9 - g.position}`);
      expect([...order].sort().reverse()).toEqual(order);
    }
    expect(compared).toBeGreaterThan(50);
    expect(kinds).toBeGreaterThan(0);
  });

  it('filters history by headline, keyword and date range', async () => {
    const { body: list } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kw=&page=1&num=1',
    });
    const mid = list.data.accounts[0].mid;
    const all = (await json(`${api}/fbmain/search/v1/detail_pubList?mId=${mid}&num=20`)).body.data;
    const top = (await json(`${api}/fbmain/search/v1/detail_pubList?mId=${mid}&top=1`)).body.data;
    expect(top.total).toBeGreaterThan(0);
    expect(top.total).toBeLessThanOrEqual(all.total);
    for (const g of top.article_list) for (const a of g.articles) expect(a.position).toBe(1);

    const first = all.article_list[0].articles[0];
    const kw = first.title.slice(0, 4);
    const byKw = (
      await json(
        `${api}/fbmain/search/v1/detail_pubList?mId=${mid}&kw=${encodeURIComponent(kw)}&kw_type=title`,
      )
    ).body.data;
    expect(byKw.total).toBeGreaterThan(0);
    for (const g of byKw.article_list) for (const a of g.articles) expect(a.title).toContain(kw);

    const day = all.article_list[0].postTime.slice(0, 10);
    const byDay = (
      await json(`${api}/fbmain/search/v1/detail_pubList?mId=${mid}&start_time=${day}&end_time=${day}`)
    ).body.data;
    expect(byDay.total).toBeGreaterThan(0);
    for (const g of byDay.article_list) expect(g.postTime.slice(0, 10)).toBe(day);
  });

  it('serves the basic analysis consistent with the history posts', async () => {
    // Deluxe: the posting-time chart belongs to the owner tab (level 3).
    const deluxe = await signUp(api);
    await buy(deluxe, 'vip3_q');
    const { body: list } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kw=&page=1&num=3',
    });
    for (const acc of list.data.accounts) {
      const history: any[] = [];
      const groups: string[] = [];
      for (let page = 1; ; page++) {
        const { body } = await json(`${api}/fbmain/search/v1/detail_pubList?mId=${acc.mid}&page=${page}`);
        for (const g of body.data.article_list) {
          groups.push(g.postTime);
          history.push(...g.articles);
        }
        if (page * 20 >= body.data.total) break;
      }
      const { body: stat } = await deluxe.get('/fbmain/search/v1/detail_statistic', { mId: acc.mid });
      expect(stat.error_code).toBe(0);
      // Everything crawled (10 days) lies inside the 30-day overview window.
      const overview = stat.data.read_overview as {
        position: number;
        article_num: number;
        avg_read: number;
        read_max: number;
      }[];
      expect(overview.reduce((n, r) => n + r.article_num, 0)).toBe(history.length);
      const heads = history.filter((a) => a.position === 1).map((a) => a.read);
      expect(overview[0]).toMatchObject({
        position: 1,
        article_num: heads.length,
        avg_read: Math.round(heads.reduce((x, y) => x + y, 0) / heads.length),
        read_max: Math.max(...heads),
      });
      // Estimated active fans: the median headline reads ÷ 5% (docs/analytics.md).
      const sorted = [...heads].sort((x, y) => x - y);
      const mid = sorted.length / 2;
      const median =
        sorted.length % 2
          ? (sorted[Math.floor(mid)] as number)
          : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      expect(stat.data.analysis_info.fans).toBe(Math.round(median / 0.05));
      const { body: hours } = await deluxe.get('/fbmain/search/v1/public_time', { mid: acc.mid });
      expect(Object.values(hours.data as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(
        new Set(groups).size,
      );
      const { body: detail } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${acc.mid}`);
      expect(detail.data.account.fans).toBe(stat.data.analysis_info.fans);
      expect(detail.data.account.index).toBeGreaterThan(0);
    }
  });

  it('gates the basic analysis and the owner tab by membership level', async () => {
    const { body: list } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kw=&page=1&num=40',
    });
    // An account whose owner runs several accounts.
    const owners = new Map<string, number>();
    for (const a of list.data.accounts) owners.set(a.owner, (owners.get(a.owner) ?? 0) + 1);
    const acc = list.data.accounts.find((a: { owner: string }) => (owners.get(a.owner) ?? 0) >= 2);
    const free = await signUp(api);
    const senior = await signUp(api);
    await buy(senior, 'vip2_q');
    const deluxe = await signUp(api);
    await buy(deluxe, 'vip3_q');

    const visitor = await json(`${api}/fbmain/search/v1/detail_statistic?mId=${acc.mid}`);
    expect(refusal(visitor)).toBe(40001);
    expect(visitor.body.msg).toBe('用户未登录');
    const low = await free.get('/fbmain/search/v1/detail_statistic', { mId: acc.mid });
    expect(low.body).toMatchObject({ error_code: 40002, msg: '会员等级不足，去升级' });
    expect((await senior.get('/fbmain/search/v1/detail_statistic', { mId: acc.mid })).body.error_code).toBe(
      0,
    );

    const seniorOwner = await senior.get('/fbmain/search/v1/detail_owner', { mId: acc.mid });
    expect(seniorOwner.body).toMatchObject({ error_code: 40002, msg: '主体信息仅限豪华及以上会员查看' });
    const ownerTab = await deluxe.get('/fbmain/search/v1/detail_owner', { mId: acc.mid });
    expect(ownerTab.body.error_code).toBe(0);
    // The owner tab's posting-time chart is gated the same way.
    expect((await senior.get('/fbmain/search/v1/public_time', { mid: acc.mid })).body.error_code).toBe(40002);
    expect((await deluxe.get('/fbmain/search/v1/public_time', { mid: acc.mid })).body.error_code).toBe(0);
    expect(ownerTab.body.data.owner).toBe(acc.owner);
    const mine = list.data.accounts.filter(
      (a: { owner: string; mid: number }) => a.owner === acc.owner && a.mid !== acc.mid,
    );
    expect(ownerTab.body.data.same_accounts.map((a: { mid: number }) => a.mid).sort()).toEqual(
      mine.map((a: { mid: number }) => a.mid).sort(),
    );
    const { body: detail } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${acc.mid}`);
    expect(ownerTab.body.data.owner_total).toBe(detail.data.account.owner_total);
  });

  it("lists 阅读原文 links with the spec's status envelope, paged by 10, sorted as asked", async () => {
    const { body: list } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'kw=&page=1&num=40',
    });
    const senior = await signUp(api);
    await buy(senior, 'vip2_q');
    let checked = 0;
    for (const acc of list.data.accounts.slice(0, 6)) {
      const { body: detail } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${acc.mid}`);
      const all: { article_readnum: number; original_address: string; mp_name: string }[] = [];
      for (let page = 1; ; page++) {
        const r = await senior.get('/fbmain/original/v1/original_text_link', {
          id: acc.mid,
          days: 30,
          orderby: 'read',
          page,
        });
        expect(r.body.status).toBe(200);
        expect(r.body.article_list.length).toBeLessThanOrEqual(10);
        all.push(...r.body.article_list);
        // Everything crawled (10 days) is inside 30 days, so the total is the account's link count.
        expect(r.body.total_number).toBe(detail.data.account.url_link_total);
        if (page * 10 >= r.body.total_number) break;
      }
      expect(all).toHaveLength(detail.data.account.url_link_total);
      for (const a of all) {
        expect(a.original_address).toMatch(/^https?:\/\//);
        expect(a.mp_name).toBe(acc.name);
      }
      const reads = all.map((a) => a.article_readnum);
      expect([...reads].sort((x, y) => y - x)).toEqual(reads);
      checked += all.length;
      // Tab 4: the mini-programs its crawled article pages embed, as many as mp_detail announces.
      const applets = await senior.get('/fbmain/original/v1/associated_applet', {
        id: acc.mid,
        pagesize: 50,
      });
      expect(applets.body.status).toBe(200);
      expect(applets.body.total_number).toBe(detail.data.account.associated_applet_total);
      expect(applets.body.applet_data).toHaveLength(detail.data.account.associated_applet_total);
    }
    expect(checked).toBeGreaterThan(0);
    // About 30% of the simulator's accounts embed a mini-program card, read from each new article's page.
    let withApplet: { mid: number; total: number } | null = null;
    for (const acc of list.data.accounts) {
      const { body: d } = await json(`${api}/fbmain/search/v1/mp_detail?mId=${acc.mid}`);
      if (d.data.account.associated_applet_total > 0) {
        withApplet = { mid: acc.mid, total: d.data.account.associated_applet_total };
        break;
      }
    }
    if (!withApplet) throw new Error('no crawled account embeds a mini-program');
    const applet = await senior.get('/fbmain/original/v1/associated_applet', { id: withApplet.mid });
    expect(applet.body.applet_data).toHaveLength(withApplet.total);
    expect(applet.body.applet_data[0]).toMatchObject({
      appid: expect.stringMatching(/^wx[0-9a-f]{16}$/),
      title: expect.stringMatching(/\S/),
      account_articles: expect.any(Number),
    });
    expect(applet.body.applet_data[0].account_articles).toBeGreaterThan(0);
    const mid = list.data.accounts[0].mid;
    const visitor = await json(`${api}/fbmain/original/v1/original_text_link?id=${mid}`);
    expect(refusal(visitor)).toBe(40001);
    const free = await signUp(api);
    expect((await free.get('/fbmain/original/v1/original_text_link', { id: mid })).body).toMatchObject({
      status: 4002,
    });
    const bad = await senior.get('/fbmain/original/v1/original_text_link', { id: mid, days: 3 });
    expect(refusal(bad)).toBe(400);
    expect(bad.body).toMatchObject({
      status: 400,
      msg: expect.stringMatching(/时间范围 \(days\) 只能是 1、7、30 或 60/),
    });
  });

  it('answers bad input with a Chinese message in the envelope, never a 500', async () => {
    // Refusals are HTTP 200 with the body's code; a path that is no call is HTTP 404 (docs/api.md).
    const cases: [string, number | string, RegExp][] = [
      ['/fbmain/search/v1/mp_detail', 40000, /mId/],
      ['/fbmain/search/v1/mp_detail?mId=abc', 40000, /必须是数字/],
      ['/fbmain/search/v1/mp_detail?mId=-5', 40000, /正整数/],
      ['/fbmain/search/v1/mp_detail?mId=99999999999999999999', 40000, /mId/],
      ['/fbmain/search/v1/mp_detail?mId=1', 40004, /公众号不存在/],
      ['/fbmain/search/v1/detail_pubList?mId=1&num=21', 40000, /最大为 20/],
      ['/fbmain/search/v1/detail_pubList?mId=1&kw_type=xx', 40000, /title 或 body/],
      ['/fbmain/search/v1/detail_pubList?mId=1&start_time=2026-13-45', 40000, /有效日期/],
      ['/fbmain/search/v1/detail_pubList?mId=1&start_time=2026-11-02&end_time=2026-11-01', 40000, /不能早于/],
      ["/fbmain/search/v1/detail_pubList?mId=1&kw=' OR 1=1 --", 40004, /公众号不存在/],
      ['/fbmain/no/such/call', 'HTTP 404', /接口不存在/],
      ['/fbmain/common/v1/image?url=http://169.254.169.254/x', 40000, /不支持该图片来源/],
    ];
    for (const [path, status, msg] of cases) {
      const r = await json(`${api}${path}`);
      const { body } = r;
      expect(refusal(r), path).toBe(status);
      expect(body.error_code, path).not.toBe(0);
      expect(body.msg, path).toMatch(msg);
    }
  });

  it('proxies upstream avatars', async () => {
    const { body } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'page=1&num=1',
    });
    const res = await fetch(
      `${api}/fbmain/common/v1/image?url=${encodeURIComponent(body.data.accounts[0].avatar)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });

  it("draws an account's follow QR code and refuses unknown accounts", async () => {
    const { body } = await json(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'page=1&num=1',
    });
    const res = await fetch(`${api}/fbmain/common/v1/account_qrcode?mid=${body.data.accounts[0].mid}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg[\s\S]*<path/);
    const missing = await json(`${api}/fbmain/common/v1/account_qrcode?mid=1`);
    expect(refusal(missing)).toBe(40004);
    expect(missing.body.msg).toMatch(/公众号不存在/);
  });

  // Last: the server answers 413 before reading the body and drops that connection.
  it('refuses oversize bodies early', async () => {
    const big = await fetch(`${api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `kw=${'x'.repeat(2 * 1024 * 1024)}`,
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { msg: string }).msg).toMatch(/请求体过大/);
  });
});
