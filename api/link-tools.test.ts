import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPYRIGHT_CODE } from '../core/copyright';
import { createLogger } from '../core/log';
import { buy, Client, refusal, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import type { SimAccount, SimArticle } from '../simulator/world';

/**
 * The link tools against the real simulator over HTTP: temporary (Sogou) and short links are resolved by fetching
 * their pages from the upstream, our own short links redirect, and nothing but the upstream is ever fetched.
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const NOW_S = Math.floor(NOW / 1000);

let sim: RunningSimulator;
let base: string;
let close: () => Promise<void>;
let account: SimAccount;
let art: SimArticle;
let other: SimArticle;
let free: Client;
let paid: Client;

const permanentOf = (a: SimArticle) =>
  `${sim.url}/s?__biz=${encodeURIComponent(a.biz)}&mid=${a.msgid}&idx=${a.idx}&sn=${a.sn}`;
const tempLink = (a: SimArticle, timestampS: number) =>
  `https://mp.weixin.qq.com/s?${sim.world.temporaryLinkQuery(a, timestampS)}`;
const beijing = (s: number) => new Date((s + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
const pagesServed = async () =>
  ((await (await fetch(`${sim.url}/__sim/stats`)).json()) as { served: Record<string, number> }).served[
    '/s'
  ] ?? 0;

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 7, accounts: 12, historyDays: 5, now: () => NOW, host: '127.0.0.1', port: 0 },
    createLogger('silent'),
  );
  const withPosts = sim.world.accounts.filter((a) => sim.world.pushes(a).length >= 2);
  account = withPosts[0] as SimAccount;
  const pushes = sim.world.pushes(account);
  art = pushes[0]?.articles[0] as SimArticle;
  other = pushes[1]?.articles[0] as SimArticle;
  const opened = await openServedApp('link-tools', NOW, {}, { upstream: sim.url });
  close = opened.close;
  base = opened.base;
  free = await signUp(base);
  paid = await signUp(base);
  await buy(paid, 'vip2_q');
}, 120_000);

afterAll(async () => {
  await close?.();
  await sim?.close();
});

describe('link_permanent: temporary or short link → permanent link', () => {
  it('resolves a Sogou temporary link through the upstream page', async () => {
    const url = tempLink(art, NOW_S - 3600);
    const r = await free.get('/fbmain/tools/v1/link_permanent', { url });
    expect(r.status).toBe(200);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toEqual({
      input: url,
      kind: 'temporary',
      url: permanentOf(art),
      biz: art.biz,
      msgid: art.msgid,
      idx: art.idx,
      sn: art.sn,
      mid: art.mid,
      aid: `${art.msgid}_${art.idx}`,
      title: art.title,
      mp_name: account.name,
      pubtime: beijing(art.createTime),
      original: art.copyrightStat === COPYRIGHT_CODE.original ? 1 : 0,
    });
    // The link as pages copy it (&amp;), and on the simulator's own host, POSTed.
    const escaped = await free.post('/fbmain/tools/v1/link_permanent', { url: url.replace(/&/g, '&amp;') });
    expect(escaped.body.data.url).toBe(permanentOf(art));
    const local = await free.post('/fbmain/tools/v1/link_permanent', {
      url: `${sim.url}/s?${sim.world.temporaryLinkQuery(other, NOW_S - 60)}`,
    });
    expect(local.body.data).toMatchObject({ url: permanentOf(other), aid: `${other.msgid}_${other.idx}` });
  });

  it('resolves a short link, and confirms a long one', async () => {
    const short = await free.get('/fbmain/tools/v1/link_permanent', {
      url: `https://mp.weixin.qq.com/s/${art.shortToken}`,
    });
    expect(short.body.data).toMatchObject({ kind: 'short', url: permanentOf(art), title: art.title });
    const long = await free.get('/fbmain/tools/v1/link_permanent', {
      url: `https://mp.weixin.qq.com/s?__biz=${encodeURIComponent(other.biz)}&mid=${other.msgid}&idx=${other.idx}&sn=${other.sn}#rd`,
    });
    expect(long.body.data).toMatchObject({ kind: 'long', url: permanentOf(other), mp_name: account.name });
  });

  it('says why a link does not resolve: expired, forged, deleted, upstream down', async () => {
    const expired = await free.get('/fbmain/tools/v1/link_permanent', {
      url: tempLink(art, NOW_S - 13 * 3600),
    });
    expect(refusal(expired)).toBe(40000);
    expect(expired.body).toEqual({ error_code: 40000, msg: '链接已过期，请重新从搜狗微信搜索复制临时链接' });
    const forged = tempLink(art, NOW_S - 3600).replace(/timestamp=\d+/, `timestamp=${NOW_S - 3500}`);
    const f = await free.get('/fbmain/tools/v1/link_permanent', { url: forged });
    expect(refusal(f)).toBe(40004);
    expect(f.body.msg).toContain('链接打开的页面中没有文章');
    const deleted = await free.get('/fbmain/tools/v1/link_permanent', {
      url: `https://mp.weixin.qq.com/s?__biz=${encodeURIComponent(art.biz)}&mid=${art.msgid}&idx=${art.idx}&sn=deadbeef`,
    });
    expect(refusal(deleted)).toBe(40004);
    expect(deleted.body.msg).toBe('文章不存在或已被删除');
    sim.faults.set([{ mode: 'server_error', path: '/s' }]);
    try {
      const down = await free.get('/fbmain/tools/v1/link_permanent', { url: tempLink(art, NOW_S - 60) });
      expect(down.status).toBe(502);
      expect(down.body).toEqual({ error_code: 50300, msg: '微信上游暂时不可用，请稍后重试' });
    } finally {
      sim.faults.clear();
    }
  });

  it('fetches nothing but the upstream: other hosts and schemes are refused before any request', async () => {
    const before = await pagesServed();
    const t = sim.world.temporaryLinkQuery(art, NOW_S - 60);
    for (const url of [
      `${base}/s?${t}`,
      `https://mp.weixin.qq.com.evil.example/s?${t}`,
      `https://user:pw@mp.weixin.qq.com/s?${t}`,
      `http://169.254.169.254/s/${art.shortToken}`,
      'file:///etc/passwd',
    ]) {
      const r = await free.get('/fbmain/tools/v1/link_permanent', { url });
      expect(refusal(r), url).toBe(40000);
      expect(r.body.msg, url).toMatch(/只支持微信公众号文章链接|不是有效的链接/);
    }
    const notArticle = await free.get('/fbmain/tools/v1/link_permanent', {
      url: 'https://mp.weixin.qq.com/cgi-bin/home',
    });
    expect(notArticle.body.msg).toContain('不是有效的公众号文章链接');
    const badSig = await free.get('/fbmain/tools/v1/link_permanent', {
      url: 'https://mp.weixin.qq.com/s?src=11&timestamp=1700000000&signature=<script>',
    });
    expect(badSig.body.msg).toContain('临时链接的参数 signature 无效');
    expect(await pagesServed()).toBe(before);
  });

  it('converts a batch for paid members, one result per line', async () => {
    const urls = [
      tempLink(art, NOW_S - 60),
      tempLink(other, NOW_S - 13 * 3600),
      'https://example.com/s/abc',
    ].join('\n');
    const r = await paid.post('/fbmain/tools/v1/link_permanent', { urls });
    expect(r.body.data).toMatchObject({ total: 3, success: 1 });
    expect(
      r.body.data.list.map((x: { ok: boolean; url?: string; msg?: string }) => [x.ok, x.url ?? x.msg]),
    ).toEqual([
      [true, permanentOf(art)],
      [false, '链接已过期，请重新从搜狗微信搜索复制临时链接'],
      [false, '只支持微信公众号文章链接（mp.weixin.qq.com）'],
    ]);
    const two = await free.post('/fbmain/tools/v1/link_permanent', { urls });
    expect(refusal(two)).toBe(40002);
    expect(two.body).toEqual({ error_code: 40002, msg: '批量转换仅限高级及以上会员，普通会员请逐条转换' });
    // One line is not a batch.
    const one = await free.post('/fbmain/tools/v1/link_permanent', { urls: tempLink(art, NOW_S - 60) });
    expect(one.body.data).toMatchObject({ total: 1, success: 1 });
  });

  it('needs a member and one of url/urls; bad input answers 400 in Chinese', async () => {
    const visitor = await new Client(base).get('/fbmain/tools/v1/link_permanent', {
      url: tempLink(art, NOW_S),
    });
    expect(refusal(visitor)).toBe(40001);
    expect(visitor.body.msg).toBe('用户未登录');
    for (const [q, msg] of [
      [{}, '请提供链接地址 (url) 或链接列表 (urls) 之一'],
      [{ url: ' ' }, '链接地址 (url) 不能为空'],
      [{ url: `https://mp.weixin.qq.com/s/${'a'.repeat(2001)}` }, '链接地址 (url) 最长 2000 个字符'],
      [
        { urls: Array.from({ length: 21 }, (_, i) => `https://mp.weixin.qq.com/s/abcdef${i}`).join('\n') },
        '链接列表 (urls) 最多 20 个',
      ],
    ] as const) {
      const r = await paid.post('/fbmain/tools/v1/link_permanent', q);
      expect(refusal(r)).toBe(40000);
      expect(r.body.msg).toContain(msg);
    }
  });
});

describe('short links: ours (long → short) and WeChat’s (short → long)', () => {
  it('makes one code per member and link, redirects with /t/<code>, counts visits, lists them paged', async () => {
    const long = permanentOf(art);
    const a = await free.post('/fbmain/tools/v1/short_link', { url: long });
    expect(a.body.error_code).toBe(0);
    const { code, short_url, created } = a.body.data;
    expect(code).toMatch(/^[0-9A-Za-z]{6}$/);
    expect(short_url).toBe(`${base}/t/${code}`);
    expect(created).toBe(true);
    expect((await free.post('/fbmain/tools/v1/short_link', { url: long })).body.data).toMatchObject({
      code,
      created: false,
    });
    const theirs = await paid.post('/fbmain/tools/v1/short_link', { url: long });
    expect(theirs.body.data.code).not.toBe(code);
    for (let i = 0; i < 2; i++) {
      const hop = await fetch(short_url, { redirect: 'manual' });
      expect(hop.status).toBe(302);
      expect(hop.headers.get('location')).toBe(long);
    }
    await free.post('/fbmain/tools/v1/short_link', { url: permanentOf(other) });
    await free.post('/fbmain/tools/v1/short_link', { url: `https://mp.weixin.qq.com/s/${other.shortToken}` });
    const page1 = await free.get('/fbmain/tools/v1/short_link', { num: 2 });
    expect(page1.body.data.total).toBe(3);
    const page2 = await free.get('/fbmain/tools/v1/short_link', { num: 2, page: 2 });
    expect(page2.body.data.list).toEqual([expect.objectContaining({ code, url: long, hits: 2, short_url })]);
    expect((await paid.get('/fbmain/tools/v1/short_link')).body.data.total).toBe(1);
    const unknown = await fetch(`${base}/t/zzzzzz`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('短链接不存在或已失效');
    expect((await fetch(`${base}/t/a.b`, { redirect: 'manual' })).status).toBe(404);
  });

  it('shortens only WeChat article links, for members', async () => {
    const r = await free.post('/fbmain/tools/v1/short_link', { url: 'https://evil.example/phish' });
    expect(refusal(r)).toBe(40000);
    expect(r.body.msg).toBe('参数错误：链接地址 (url) 只支持微信公众号文章链接（mp.weixin.qq.com）');
    expect((await free.post('/fbmain/tools/v1/short_link', {})).body.msg).toContain('链接地址 (url)');
    expect(
      refusal(await new Client(base).post('/fbmain/tools/v1/short_link', { url: permanentOf(art) })),
    ).toBe(40001);
    expect(refusal(await new Client(base).get('/fbmain/tools/v1/short_link'))).toBe(40001);
    expect((await free.get('/fbmain/tools/v1/short_link', { num: 0 })).body.msg).toContain(
      '每页条数 (num) 最小为 1',
    );
  });

  it('short_to_long: a WeChat short link through the upstream, one of ours from the store', async () => {
    const wx = await free.get('/fbmain/tools/v1/short_to_long', {
      url: `https://mp.weixin.qq.com/s/${other.shortToken}`,
    });
    expect(wx.body.data).toMatchObject({
      source: 'wechat',
      kind: 'short',
      url: permanentOf(other),
      title: other.title,
    });
    const made = await free.post('/fbmain/tools/v1/short_link', { url: permanentOf(art) });
    const ours = await free.post('/fbmain/tools/v1/short_to_long', { url: made.body.data.short_url });
    expect(ours.body.data).toEqual({
      input: made.body.data.short_url,
      source: 'site',
      url: permanentOf(art),
    });
    const gone = await free.get('/fbmain/tools/v1/short_to_long', { url: `${base}/t/zzzzzz` });
    expect(refusal(gone)).toBe(40004);
    expect(gone.body.msg).toBe('短链接不存在');
    const unknownShort = await free.get('/fbmain/tools/v1/short_to_long', {
      url: 'https://mp.weixin.qq.com/s/nosuchtoken',
    });
    expect(refusal(unknownShort)).toBe(40004);
    const bad = await free.get('/fbmain/tools/v1/short_to_long', { url: 'ftp://mp.weixin.qq.com/s/abcdefg' });
    expect(refusal(bad)).toBe(40000);
    expect(
      refusal(
        await new Client(base).get('/fbmain/tools/v1/short_to_long', { url: made.body.data.short_url }),
      ),
    ).toBe(40001);
  });
});
