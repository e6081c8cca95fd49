import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BusRecord } from '../bus/bus';
import { MemoryBus } from '../bus/memory-bus';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import type { FaultRule } from '../simulator/faults';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import type { SimArticle } from '../simulator/world';
import { Crawler } from './crawler';
import { StaticCredentialStore } from './credentials';
import { backoffDelay, UpstreamError } from './http';
import { MpSource, upstreamPools } from './mp-source';
import { PaidSource } from './paid-source';
import { WereadSource } from './weread-source';

const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const silent = createLogger('silent');
let sim: RunningSimulator;

async function setFaults(rules: FaultRule[]) {
  const res = await fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ rules }) });
  expect(res.status).toBe(200);
}
const served = async (path: string) =>
  ((await (await fetch(`${sim.url}/__sim/stats`)).json()) as { served: Record<string, number> }).served[
    path
  ] ?? 0;

/** A logger whose lines the test can read. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

let art: { biz: string; msgid: number; idx: number; sn: string };

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 3, accounts: 12, historyDays: 5, now: () => NOW, host: '127.0.0.1', port: 0 },
    silent,
  );
  art = sim.world.pushes(sim.world.accounts[0] as never)[0]?.articles[0] as typeof art;
});
afterAll(() => sim.close());
afterEach(() => fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' }));

describe('retries with jittered backoff', () => {
  it('keeps the jitter inside [0.5, 1.5) of an exponential, capped delay', () => {
    expect(backoffDelay(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelay(3, 100, 10_000, () => 0.999)).toBeCloseTo(599.6, 1);
    expect(backoffDelay(20, 100, 1000, () => 0.5)).toBe(1000);
  });

  it('retries 5xx answers and gets through', async () => {
    await setFaults([{ mode: 'server_error', path: '/mp/getappmsgext', times: 2 }]);
    const before = await served('/mp/getappmsgext');
    const src = new MpSource(sim.url, { http: { backoffMs: 20 } });
    const t0 = performance.now();
    expect(await src.counts(art)).toEqual(
      sim.world.counts(sim.world.findArticle(art.biz, art.msgid, art.idx) as never),
    );
    // Two failures, then success: three requests and at least the two shortest backoffs in between.
    expect((await served('/mp/getappmsgext')) - before).toBe(3);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(10 + 20 - 5);
  });

  it('gives up after its retries on a persistent 5xx, without hammering', async () => {
    await setFaults([{ mode: 'server_error', path: '/mp/getappmsgext', status: 502 }]);
    const before = await served('/mp/getappmsgext');
    const src = new MpSource(sim.url, { http: { backoffMs: 10, retries: 3 } });
    const err = await src.counts(art).catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'unavailable', status: 502 });
    expect((await served('/mp/getappmsgext')) - before).toBe(4);
  });

  it('times out a hanging request and retries it', async () => {
    await setFaults([{ mode: 'hang', path: '/mp/getappmsgext', times: 1 }]);
    const src = new MpSource(sim.url, { http: { timeoutMs: 300, backoffMs: 10 } });
    const t0 = performance.now();
    const c = await src.counts(art);
    expect(c.read).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
  });
});

describe('credentials under freq control and expiry', () => {
  it('cools a credential down on 200013 and moves to another; it returns after the cooldown', async () => {
    let now = NOW;
    const clock = { now: () => now };
    const store = new StaticCredentialStore([
      { source: 'client', label: 'A', secret: { key: 'keyA', uin: 'u1' } },
      { source: 'client', label: 'B', secret: { key: 'keyB', uin: 'u2' } },
    ]);
    const { log, lines } = capturedLog();
    const pools = upstreamPools({ store, clock, log, cooldownMs: 10 * 60_000 });
    const src = new MpSource(sim.url, { mp: pools.mp, client: pools.client });
    await setFaults([{ mode: 'freq', path: '/mp/getappmsgext', credential: 'keyA' }]);
    for (let i = 0; i < 6; i++) expect((await src.counts(art)).read).toBeGreaterThan(0);
    const state = store.list();
    expect(state.find((c) => c.label === 'A')).toMatchObject({
      state: 'cooling',
      coolingUntil: NOW + 600_000,
      freqLimited: 1,
    });
    expect(state.find((c) => c.label === 'B')?.state).toBe('active');
    // Once freq-limited, A is not asked again while it cools.
    const injected = (await (await fetch(`${sim.url}/__sim/faults`)).json()) as {
      injected: { freq: number };
    };
    expect(injected.injected.freq).toBe(1);
    expect(lines.some((l) => /freq control/.test(String(l.msg)) && l.credential === 'A')).toBe(true);

    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    now += 11 * 60_000;
    for (let i = 0; i < 4; i++) await src.counts(art);
    await pools.client.flush();
    // After the cooldown, A is back in the rotation.
    expect(store.list().find((c) => c.label === 'A')?.state).toBe('active');
    expect(store.list().find((c) => c.label === 'A')?.requests).toBeGreaterThanOrEqual(2);
  });

  it('marks an expired login (200003) expired, says so in the log, and stops when none is left', async () => {
    const store = new StaticCredentialStore([
      { source: 'mp', label: 'ops-1', secret: { token: 'T1', cookie: 'slave_sid=s1' } },
      { source: 'mp', label: 'ops-2', secret: { token: 'T2', cookie: 'slave_sid=s2' } },
    ]);
    const { log, lines } = capturedLog();
    const pools = upstreamPools({ store, clock: fixedClock(NOW), log });
    const src = new MpSource(sim.url, { mp: pools.mp, client: pools.client });
    await setFaults([{ mode: 'expired', credential: 'slave_sid=s1' }]);
    expect((await src.listAccounts(0, 5)).accounts).toHaveLength(5);
    expect(store.list().find((c) => c.label === 'ops-1')).toMatchObject({ state: 'expired' });
    expect(store.list().find((c) => c.label === 'ops-1')?.lastError).toMatch(/200003/);
    expect(
      lines.some((l) => l.level === 50 && /expired/.test(String(l.msg)) && l.credential === 'ops-1'),
    ).toBe(true);

    await setFaults([{ mode: 'expired' }]);
    const before = await served('/cgi-bin/searchbiz');
    await expect(src.listAccounts(0, 5)).rejects.toMatchObject({ kind: 'no_credential' });
    await expect(src.listAccounts(0, 5)).rejects.toMatchObject({ kind: 'no_credential' });
    // One request found ops-2 expired; after that nothing more goes upstream.
    expect((await served('/cgi-bin/searchbiz')) - before).toBe(1);
  });

  it('holds each credential to its rate limit', async () => {
    const store = new StaticCredentialStore([{ source: 'client', label: 'slow', secret: { key: 'k' } }]);
    const pools = upstreamPools({ store, perCredential: { cap: 5, intervalMs: 200 } });
    const src = new MpSource(sim.url, { mp: pools.mp, client: pools.client });
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 20 }, () => src.counts(art)));
    // 20 requests at 5 per 200 ms: the last batch starts no earlier than 600 ms in.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(590);
  });

  it('reads WeChat Reading lists, and treats -2012 as an expired login', async () => {
    const store = new StaticCredentialStore([
      { source: 'weread', label: 'wr', secret: { cookie: 'wr_skey=abc' } },
    ]);
    const pools = upstreamPools({ store });
    const wr = new WereadSource(sim.url, pools.weread);
    const acc = sim.world.accounts[0] as (typeof sim.world.accounts)[0];
    const page = await wr.listPushes(acc.biz, 0, 3);
    const model = sim.world.pushes(acc).slice(0, 3);
    expect(page.pushes.map((p) => p.articles.map((a) => `${a.msgid}_${a.idx}:${a.sn}`))).toEqual(
      model.map((p) => p.articles.map((a) => `${a.msgid}_${a.idx}:${a.sn}`)),
    );
    await setFaults([{ mode: 'expired', path: '/web/mp/' }]);
    await expect(wr.listPushes(acc.biz, 0, 3)).rejects.toMatchObject({ kind: 'no_credential' });
    expect(store.list()[0]?.state).toBe('expired');
  });

  it('reads an article through the paid API as it reads the article page, by long and short link', async () => {
    const store = new StaticCredentialStore([{ source: 'paid', label: 'jzl', secret: { key: 'JZL1' } }]);
    const paid = new PaidSource(sim.url, upstreamPools({ store }).paid);
    // An article with a mini-program card, so the body's cards are read too.
    const withCard = sim.world.accounts
      .flatMap((a) => sim.world.pushes(a).flatMap((p) => p.articles))
      .find((x) => x.miniPrograms.length > 0 && x.itemShowType === 0) as SimArticle;
    const page = await new MpSource(sim.url).article(
      `${sim.url}/s?__biz=${encodeURIComponent(withCard.biz)}&mid=${withCard.msgid}&idx=${withCard.idx}&sn=${withCard.sn}`,
    );
    const viaPaid = await paid.article(page.href);
    for (const field of [
      'ok',
      'biz',
      'mid',
      'aid',
      'sn',
      'title',
      'digest',
      'author',
      'nickname',
      'user_name',
      'alias',
    ])
      expect(viaPaid[field as keyof typeof page], field).toEqual(page[field as keyof typeof page]);
    expect(viaPaid.pubtime).toBe(page.pubtime);
    expect(viaPaid.content).toBe(page.content);
    expect(viaPaid.mini_programs).toEqual(page.mini_programs);
    expect(viaPaid.copyright === 'original').toBe(page.copyright === 'original');
    const short = `${sim.url}/s/${withCard.shortToken}`;
    expect((await paid.article(short)).aid).toBe(page.aid);
    // A link to no article: the provider's 101, an error of the source, not a crash.
    await expect(paid.article(`${sim.url}/s?__biz=${withCard.biz}&mid=1&idx=1&sn=x`)).rejects.toMatchObject({
      kind: 'rejected',
    });
  });

  it('reads counters from the article page (appmsg_bar_data) the same as from getappmsgext', async () => {
    const store = new StaticCredentialStore([
      { source: 'client', label: 'page', secret: { key: 'k1', uin: 'u1' } },
    ]);
    const pools = upstreamPools({ store });
    const viaPage = new MpSource(sim.url, { mp: pools.mp, client: pools.client, countsVia: 'page' });
    expect(await viaPage.counts(art)).toEqual(await new MpSource(sim.url).counts(art));
    // Without a client key the page carries no counters: the credential is treated as expired.
    const bare = new MpSource(sim.url, { countsVia: 'page' });
    await expect(bare.counts(art)).rejects.toMatchObject({ kind: 'no_credential' });
  });

  it('crawls video-account posts with the account, on the videos topic', async () => {
    const bus = new MemoryBus(silent);
    const videos: { value: { finder_username: string; object_id: string; like: number } }[] = [];
    await bus.subscribe('videos', 't', async (b) => {
      videos.push(...b);
    });
    const crawler = new Crawler(new MpSource(sim.url), bus, silent, {
      crawlDays: 2,
      intervalS: 3600,
      concurrency: 4,
      clock: fixedClock(NOW),
    });
    await crawler.runRound();
    await bus.drain();
    const recent = (a: (typeof sim.world.accounts)[0]) =>
      sim.world.videoPosts(a).filter((v) => v.createTime >= Math.floor(NOW / 1000) - 2 * 86_400);
    const withFinder = sim.world.accounts.filter((a) => a.finder && recent(a).length > 0);
    expect(withFinder.length).toBeGreaterThan(0);
    for (const a of withFinder) {
      const since = Math.floor(NOW / 1000) - 2 * 86_400;
      const model = sim.world
        .videoPosts(a)
        .slice(0, 20)
        .filter((v) => v.createTime >= since);
      const got = videos.filter((v) => v.value.finder_username === a.finder?.username);
      expect(got.map((v) => v.value.object_id)).toEqual(model.map((v) => v.objectId));
      expect(got[0]?.value.like).toBe(sim.world.videoCounts(model[0] as never).like);
    }
  });

  it('reads the older appmsg list_ex into the same pushes as appmsgpublish', async () => {
    const acc = sim.world.accounts[2] as (typeof sim.world.accounts)[0];
    const a = await new MpSource(sim.url).listPushes(acc.biz, 1, 3);
    const b = await new MpSource(sim.url, { listApi: 'list_ex' }).listPushes(acc.biz, 1, 3);
    // list_ex has no source_url field; everything else agrees.
    const shape = (r: typeof a) =>
      r.pushes.map((p) => ({ ...p, articles: p.articles.map((x) => ({ ...x, sourceUrl: '' })) }));
    expect(shape(b)).toEqual(shape(a));
  });
});

describe('article pages with new articles', () => {
  type Article = BusRecord<'articles'>['value'];
  async function crawl(opts: { pageDays?: number; src?: MpSource } = {}) {
    const bus = new MemoryBus(silent);
    const articles: Article[] = [];
    const rounds: { errors: number; articles: number }[] = [];
    await bus.subscribe('articles', 't', async (b) => {
      articles.push(...b.map((r) => r.value));
    });
    await bus.subscribe('crawl.rounds', 't', async (b) => {
      rounds.push(...b.map((r) => r.value));
    });
    const crawler = new Crawler(opts.src ?? new MpSource(sim.url), bus, silent, {
      crawlDays: 3,
      intervalS: 3600,
      concurrency: 4,
      clock: fixedClock(NOW),
      pageDays: opts.pageDays,
    });
    await crawler.runRound();
    await bus.drain();
    return { bus, crawler, articles, rounds };
  }
  const model = (a: Article) => sim.world.findArticle(a.biz, a.msgid, a.idx) as SimArticle;

  it('publishes each new article once, with its body text and mini-programs from its page', async () => {
    const pagesBefore = await served('/s');
    const { crawler, articles, rounds } = await crawl();
    expect(articles.length).toBeGreaterThan(10);
    expect((await served('/s')) - pagesBefore).toBe(articles.length);
    expect(crawler.pages).toEqual({ fetched: articles.length, failed: 0 });
    expect(rounds[0]?.errors).toBe(0);
    let withPrograms = 0;
    for (const a of articles) {
      const m = model(a);
      expect(a.content).toContain(m.digest);
      expect(a.miniprogram_appids).toEqual(m.miniPrograms.map((p) => p.appid));
      expect(a.miniprogram_cards).toEqual(
        // The owner (主体) is not on the page: the crawler reads it from the mini-program's profile.
        m.miniPrograms.map((p) => ({ appid: p.appid, nickname: p.title, avatar: p.icon, owner: p.owner })),
      );
      // The list's own fields stay the list's.
      expect(a.title).toBe(m.title);
      if (m.miniPrograms.length > 0) withPrograms++;
    }
    expect(withPrograms).toBeGreaterThan(0);

    // The next round finds nothing new: no article goes out again and no page is fetched again.
    const again = await served('/s');
    await crawler.runRound();
    expect(await served('/s')).toBe(again);
  });

  it('fetches pages only within CRAWL_PAGE_DAYS, and none with 0', async () => {
    const since = Math.floor(NOW / 1000) - 86_400;
    const { articles } = await crawl({ pageDays: 1 });
    expect(articles.some((a) => a.pubtime < since)).toBe(true);
    for (const a of articles) expect(a.content !== '').toBe(a.pubtime >= since);
    const before = await served('/s');
    const off = await crawl({ pageDays: 0 });
    expect(off.articles.every((a) => a.content === '' && a.miniprogram_appids.length === 0)).toBe(true);
    expect(await served('/s')).toBe(before);
  });

  it('publishes an article whose page fails without body text, and counts the error', async () => {
    // Every page answers 503 until cleared: the retries run out, the list and counters are untouched.
    await setFaults([{ mode: 'server_error', path: '/s' }]);
    const src = new MpSource(sim.url, { http: { backoffMs: 1, maxBackoffMs: 2, retries: 1 } });
    const { crawler, articles, rounds } = await crawl({ src });
    const expected = sim.world.accounts.flatMap((acc) =>
      sim.world
        .pushes(acc)
        .filter((p) => p.time >= Math.floor(NOW / 1000) - 3 * 86_400)
        .flatMap((p) => p.articles.map((x) => x.aid)),
    );
    expect(articles.map((a) => a.aid).sort()).toEqual(expected.sort());
    expect(articles.every((a) => a.content === '' && a.miniprogram_cards.length === 0)).toBe(true);
    expect(crawler.pages).toEqual({ fetched: 0, failed: articles.length });
    expect(rounds[0]).toMatchObject({ articles: articles.length, errors: articles.length });
  });
});

describe('the crawler against a hostile upstream', () => {
  it('finishes its round through 5xx, hangs and freq control, counting errors instead of crashing', async () => {
    await setFaults([
      { mode: 'server_error', path: '/mp/getappmsgext', times: 5 },
      { mode: 'hang', path: '/mp/profile_ext', times: 1 },
      { mode: 'freq', path: '/cgi-bin/appmsgpublish', times: 1 },
    ]);
    const bus = new MemoryBus(silent);
    const rounds: unknown[] = [];
    await bus.subscribe('crawl.rounds', 't', async (b) => {
      rounds.push(...b.map((r) => r.value));
    });
    // Two back-office logins: the one that meets freq control rests, the other carries the round.
    const pools = upstreamPools({
      store: new StaticCredentialStore([
        { source: 'mp', label: 'a', secret: { token: 'ta' } },
        { source: 'mp', label: 'b', secret: { token: 'tb' } },
        { source: 'client' },
        { source: 'finder' },
      ]),
      clock: fixedClock(NOW),
    });
    const src = new MpSource(sim.url, { ...pools, http: { timeoutMs: 300, backoffMs: 10 } });
    const crawler = new Crawler(src, bus, silent, {
      crawlDays: 3,
      intervalS: 3600,
      concurrency: 8,
      clock: fixedClock(NOW),
    });
    await crawler.runRound();
    await bus.drain();
    expect(rounds).toHaveLength(1);
    const r = rounds[0] as { accounts: number; errors: number };
    // Retries absorbed the 5xx and the hang, the second login the freq control: every account got through.
    expect(r).toMatchObject({ accounts: 12, errors: 0 });
  });
});
