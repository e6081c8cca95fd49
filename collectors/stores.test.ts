import PQueue from 'p-queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusRecord } from '../bus/bus';
import { MemoryBus } from '../bus/memory-bus';
import type { CrawlProgressMessage, MonitorTaskMessage, SnapshotMessage } from '../bus/messages';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { PgCredentialStore } from './credentials';
import { CollectorMembership } from './membership';
import { articleMonitorTask } from './messages-of';
import { MonitorScheduler } from './monitor';
import { PgMonitorTaskStore } from './monitor-store';
import { MpSource, upstreamPools } from './mp-source';
import { PgAccountRegistry } from './registry';
import { CrawlRequestHandler } from './requests';
import { VirtualClock } from './timer-clock';

/** The collectors' PostgreSQL stores (PGlite here): credentials, monitor tasks, included accounts. */
const log = createLogger('silent');
const START = Date.parse('2026-11-02T09:00:00+08:00');
let db: MemberDb;
let sim: RunningSimulator;
let clock: VirtualClock;

beforeAll(async () => {
  db = await openMemberDb({ dataDir: tempDir('collector-pg') });
  await migrateMemberDb(db, log);
  clock = new VirtualClock(START);
  sim = await startSimulator(
    { seed: 9, accounts: 20, historyDays: 200, now: () => clock.now(), host: '127.0.0.1', port: 0 },
    log,
  );
});
afterAll(async () => {
  await sim?.close();
  await db?.close();
});

describe('upstream credentials in PostgreSQL', () => {
  it('stores credentials with their state, cooldowns, expiry and request counts', async () => {
    const store = new PgCredentialStore(db);
    const a = await store.add({ source: 'client', label: 'phone-1', secret: { key: 'kA', uin: 'u' } });
    const b = await store.add({ source: 'client', label: 'phone-2', secret: { key: 'kB', uin: 'u' } });
    await store.add({ source: 'mp', label: 'ops', secret: { token: 't', cookie: 'c' } });
    expect((await store.usable('client', START)).map((c) => c.label)).toEqual(['phone-1', 'phone-2']);

    await store.coolDown(a, START + 600_000, 'getappmsgext: ret=200013 freq control');
    expect((await store.usable('client', START)).map((c) => c.id)).toEqual([b]);
    const listed = await store.list(START, 'client');
    expect(listed[0]).toMatchObject({ state: 'cooling', coolingUntil: START + 600_000, freqLimited: 1 });
    expect(listed[0]?.lastError).toMatch(/200013/);
    // After the cooldown it reads as active again.
    expect((await store.usable('client', START + 600_001)).map((c) => c.id)).toContain(a);

    await store.markExpired(b, 'getappmsgext: ret=200003 invalid session');
    expect((await store.list(START, 'client'))[1]).toMatchObject({ state: 'expired' });
    await store.recordUsage(a, { requests: 7, failures: 1, freqLimited: 0, lastUsedAt: START });
    expect((await store.list(START, 'client'))[0]).toMatchObject({
      requests: 7,
      failures: 1,
      lastUsedAt: START,
    });
    await store.update(b, { secret: { key: 'kB2', uin: 'u' } });
    expect((await store.list(START, 'client'))[1]).toMatchObject({
      state: 'active',
      secret: { key: 'kB2', uin: 'u' },
    });
  });

  it('drives a credential pool: 200013 on one client key cools it in the database', async () => {
    const store = new PgCredentialStore(db);
    const pools = upstreamPools({ store, clock, log });
    const src = new MpSource(sim.url, { mp: pools.mp, client: pools.client });
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ rules: [{ mode: 'freq', credential: 'kA' }] }),
    });
    const art = sim.world.pushes(sim.world.accounts[0] as never)[0]?.articles[0];
    if (!art) throw new Error('no article');
    for (let i = 0; i < 4; i++) await src.counts(art);
    await pools.client.flush();
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
    const creds = await store.list(clock.now(), 'client');
    expect(creds.find((c) => c.label === 'phone-1')?.state).toBe('cooling');
    expect(creds.find((c) => c.label === 'phone-2')?.requests).toBeGreaterThanOrEqual(4);
  });
});

describe('monitor tasks survive a collector restart', () => {
  it('rebuilds the schedule from the store; a second collector adopts only orphaned tasks', async () => {
    const store = new PgMonitorTaskStore(db);
    const bus = new MemoryBus(log);
    const snaps: BusRecord<'snapshots'>[] = [];
    await bus.subscribe('snapshots', 'test', async (b) => {
      snaps.push(...b);
    });
    const src = new MpSource(sim.url);
    const arts = sim.world.accounts
      .flatMap((a) => sim.world.pushes(a)[0]?.articles.slice(0, 1) ?? [])
      .slice(0, 5);
    const tasks: MonitorTaskMessage[] = arts.map((a, i) => articleMonitorTask(a, `r${i}`, 2, clock.now()));
    const t0 = clock.now();
    const first = new MonitorScheduler(src, bus, log, {
      clock,
      name: 'collector-0',
      store,
      leaseMs: 1_800_000,
    });
    await first.start();
    await bus.publish(
      'monitor.tasks',
      tasks.map((t) => ({ key: t.biz, value: t })),
    );
    await bus.drain();
    await clock.advanceBy(3 * 3600_000);
    // A crash: the scheduler stops without releasing its tasks.
    await first.stop(false);

    // Another collector cannot take them while collector-0's lease is live…
    const other = new MonitorScheduler(src, new MemoryBus(log), log, {
      clock,
      name: 'collector-1',
      store,
      leaseMs: 1_800_000,
    });
    await other.start();
    expect(other.tasks()).toHaveLength(0);
    await other.stop(false);

    // …and collector-0, restarted under its name, picks up every task where the clock now is.
    const restarted = new MonitorScheduler(src, bus, log, {
      clock,
      name: 'collector-0',
      store,
      leaseMs: 1_800_000,
    });
    await restarted.start();
    expect(
      restarted
        .tasks()
        .map((t) => t.task.task_id)
        .sort(),
    ).toEqual(tasks.map((t) => t.task_id));
    await clock.advanceTo(t0 + 86_400_000 + 60_000);
    await bus.drain();
    for (const t of tasks) {
      const s = snaps.filter((r) => r.value.task_id === t.task_id).map((r) => r.value as SnapshotMessage);
      // Every two minutes for a day, none twice.
      expect(Math.abs(s.length - 720)).toBeLessThanOrEqual(1);
      expect(new Set(s.map((x) => x.ts)).size).toBe(s.length);
    }
    expect(restarted.tasks()).toHaveLength(0);
    const [row] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM monitor_tasks WHERE state = 'done'`,
    );
    expect(Number(row?.n)).toBe(5);
    await restarted.stop();
  });
});

describe('back-collection and inclusion', () => {
  const progress: CrawlProgressMessage[] = [];
  let handler: CrawlRequestHandler;
  let bus: MemoryBus;
  beforeAll(async () => {
    bus = new MemoryBus(log);
    await bus.subscribe('crawl.progress', 'test', async (b) => {
      progress.push(...b.map((r) => r.value));
    });
    handler = new CrawlRequestHandler(
      new MpSource(sim.url),
      bus,
      new PgAccountRegistry(db),
      log,
      clock,
      new PQueue({ concurrency: 4 }),
    );
    await handler.start();
  });
  afterAll(() => handler.stop());

  it('collects 180 days of an account with progress the API can show', async () => {
    const acc = sim.world.accounts[4] as (typeof sim.world.accounts)[0];
    const articles: BusRecord<'articles'>[] = [];
    await bus.subscribe('articles', 'test-a', async (b) => {
      articles.push(...b);
    });
    await bus.publish('crawl.requests', [
      {
        key: acc.biz,
        value: { request_id: 'bf1', kind: 'backfill', biz: acc.biz, days: 180, requested_at: clock.now() },
      },
    ]);
    await bus.drain();
    const mine = progress.filter((p) => p.request_id === 'bf1');
    const horizon = Math.floor(clock.now() / 1000) - 180 * 86_400;
    const expected = sim.world
      .pushes(acc)
      .filter((p) => p.time >= horizon)
      .flatMap((p) => p.articles);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.at(-1)).toMatchObject({
      state: 'done',
      percent: 100,
      articles: expected.length,
      snapshots: expected.length,
    });
    const percents = mine.map((p) => p.percent);
    expect([...percents].sort((x, y) => x - y)).toEqual(percents);
    expect(mine.slice(0, -1).every((p) => p.state === 'running')).toBe(true);
    expect(new Set(articles.filter((r) => r.value.biz === acc.biz).map((r) => r.value.aid)).size).toBe(
      expected.length,
    );
    // Each article goes out with its page's body text, so a back-collection never blanks text already stored.
    expect(articles.filter((r) => r.value.biz === acc.biz).every((r) => r.value.content !== '')).toBe(true);
    expect(handler.pages).toEqual({ fetched: expected.length, failed: 0 });
  });

  it('includes by account name (1–30 characters): new, then already included', async () => {
    const fresh = sim.world.unlisted[0] as (typeof sim.world.unlisted)[0];
    const ask = async (id: string, input: string) => {
      await bus.publish('crawl.requests', [
        { key: input, value: { request_id: id, kind: 'include', input, requested_at: clock.now() } },
      ]);
      await bus.drain();
      return progress.filter((p) => p.request_id === id && p.result).at(0)?.result;
    };
    const r1 = await ask('inc1', fresh.name);
    expect(r1).toMatchObject({
      is_success: true,
      data: [{ mid: fresh.mid, wxname: fresh.name, wxid: fresh.alias }],
      data2: [],
    });
    const r2 = await ask('inc2', fresh.name);
    expect(r2).toMatchObject({
      is_success: true,
      data: [],
      data2: [{ mid: fresh.mid }],
      tip: '该公众号已收录，请勿重复提交',
    });
    const none = await ask('inc3', '不存在的号');
    expect(none).toMatchObject({ code: 0, is_success: false, data: [] });
  });

  it('includes by article URL (more than 30 characters), short or long, as the same account', async () => {
    const acc = sim.world.unlisted[1] as (typeof sim.world.unlisted)[0];
    const art = sim.world.pushes(acc)[0]?.articles[0];
    if (!art) throw new Error('no article');
    const short = `https://mp.weixin.qq.com/s/${art.shortToken}`;
    expect(short.length).toBeGreaterThan(30);
    await bus.publish('crawl.requests', [
      { key: short, value: { request_id: 'url1', kind: 'include', input: short, requested_at: clock.now() } },
    ]);
    const long = `https://mp.weixin.qq.com/s?__biz=${art.biz}&mid=${art.msgid}&idx=${art.idx}&sn=${art.sn}`;
    await bus.drain();
    await bus.publish('crawl.requests', [
      { key: long, value: { request_id: 'url2', kind: 'include', input: long, requested_at: clock.now() } },
    ]);
    await bus.drain();
    const r1 = progress.find((p) => p.request_id === 'url1' && p.result);
    const r2 = progress.find((p) => p.request_id === 'url2' && p.result);
    expect(r1).toMatchObject({
      biz: acc.biz,
      result: { is_success: true, data: [{ mid: acc.mid }], data2: [] },
    });
    expect(r2).toMatchObject({
      biz: acc.biz,
      result: { is_success: true, data: [], data2: [{ mid: acc.mid }] },
    });
    expect((await new PgAccountRegistry(db).list()).map((a) => a.biz)).toContain(acc.biz);
  });
});

describe('crawl membership (COLLECTOR_SHARD=auto)', () => {
  it('gives each live collector its shard, drops one whose heartbeat expired, and lets one leave at once', async () => {
    let now = Date.parse('2026-11-02T09:00:00Z');
    const member = (name: string) => new CollectorMembership(db, name, 30_000, () => now);
    const [a, b, c] = [member('m-a'), member('m-b'), member('m-c')];
    for (const m of [a, b, c]) await m.heartbeat();
    expect(await Promise.all([a.shard(), b.shard(), c.shard()])).toEqual([
      { index: 0, count: 3 },
      { index: 1, count: 3 },
      { index: 2, count: 3 },
    ]);
    // b stops heartbeating: 31 s later the others split the accounts in two; b still counts itself.
    now += 31_000;
    await a.heartbeat();
    await c.heartbeat();
    expect(await a.shard()).toEqual({ index: 0, count: 2 });
    expect(await c.shard()).toEqual({ index: 1, count: 2 });
    expect(await b.shard()).toEqual({ index: 1, count: 3 });
    await c.leave();
    expect(await a.shard()).toEqual({ index: 0, count: 1 });
  });
});
