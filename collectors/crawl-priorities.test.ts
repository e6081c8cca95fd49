import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import { createLogger } from '../core/log';
import { bizOf, midOf } from '../core/wechat-ids';
import { tempDir } from '../e2e/harness';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { memberTiers, tierOfAccount } from './account-tiers';
import { CrawlPriorities } from './crawl-priorities';
import { Crawler } from './crawler';
import { MpSource } from './mp-source';
import { VirtualClock } from './timer-clock';

// 21:30 Beijing: 2.5 hours left of the day.
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const HOUR = 3_600_000;
const silent = createLogger('silent');
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 7, accounts: 30, historyDays: 10, now: () => NOW, unlisted: 0, host: '127.0.0.1', port: 0 },
    silent,
  );
});
afterAll(async () => {
  await sim?.close();
});

/** A crawler over the simulator whose rounds are chosen by `priorities`; the accounts each round crawled. */
function crawlerWith(priorities: CrawlPriorities, clock: VirtualClock) {
  const bus = new MemoryBus(silent);
  const rounds: string[][] = [[]];
  void bus.subscribe('accounts', 't', async (b) => {
    (rounds[rounds.length - 1] as string[]).push(...b.map((r) => bizOf(Number(r.key))));
  });
  const crawler = new Crawler(new MpSource(sim.url), bus, silent, {
    crawlDays: 3,
    intervalS: 3600,
    concurrency: 4,
    clock,
    priorities,
    pageDays: 0,
  });
  return {
    async round(): Promise<string[]> {
      await crawler.runRound();
      await bus.drain();
      const got = rounds[rounds.length - 1] as string[];
      rounds.push([]);
      return got;
    },
  };
}

describe('a budgeted crawl spends its requests by tier', () => {
  it('polls the monitor tier, then members’ accounts, then the rest, within each round’s share of the day', async () => {
    const clock = new VirtualClock(NOW);
    const accounts = sim.world.accounts.map((a) => a.biz);
    const monitor = new Set([accounts[5] as string]);
    const member = new Set([accounts[7] as string, accounts[9] as string]);
    const priorities = new CrawlPriorities({
      // 24 list requests left today: a round of an hour may spend 24 × 1 h / 2.5 h = 9 of them.
      capacity: async () => 24,
      tiers: async () => ({ monitor, member }),
      roundMs: HOUR,
      clock,
    });
    const c = crawlerWith(priorities, clock);
    const first = await c.round();
    expect(first).toHaveLength(9);
    expect(first).toEqual(expect.arrayContaining([...monitor, ...member]));

    // An hour later (1.5 h left: 16 a round) the accounts never polled come next; the polled tiers are not due.
    await clock.advanceBy(HOUR);
    const second = await c.round();
    expect(second).toHaveLength(16);
    expect(second.filter((b) => first.includes(b))).toEqual([]);
    const report = priorities.report();
    expect(report.find((t) => t.tier === 'monitor')).toMatchObject({
      accounts: 1,
      plannedS: 7200,
      staleByS: 0,
    });
    expect(report.find((t) => t.tier === 'member')).toMatchObject({ accounts: 2, plannedS: 6 * 3600 });
    expect(report.reduce((n, t) => n + t.accounts, 0)).toBe(30);
  });

  it('says which tiers the budget cannot cover, and sends nothing once it is spent', async () => {
    const clock = new VirtualClock(NOW);
    const accounts = sim.world.accounts.map((a) => a.biz);
    let left = 1;
    const priorities = new CrawlPriorities({
      capacity: async () => left,
      tiers: async () => ({ monitor: new Set(accounts.slice(0, 2)), member: new Set() }),
      roundMs: HOUR,
      clock,
    });
    const c = crawlerWith(priorities, clock);
    // One request for 2.5 hours (9.6 a day): the monitor tier's two accounts get it all, polled every 5 hours
    // instead of 2; nothing is left for the rest, which the report names as not polled at all.
    expect(await c.round()).toEqual([accounts[0]]);
    const report = priorities.report();
    expect(report.find((t) => t.tier === 'monitor')).toMatchObject({
      accounts: 2,
      plannedS: 18_000,
      staleByS: 10_800,
    });
    expect(report.find((t) => t.tier === 'rest')).toMatchObject({
      accounts: 28,
      plannedS: null,
      staleByS: null,
    });
    left = 0;
    await clock.advanceBy(HOUR);
    expect(await c.round()).toEqual([]);
  });
});

describe('the tiers members need', () => {
  let db: MemberDb;
  beforeAll(async () => {
    db = await openMemberDb({ dataDir: tempDir('account-tiers-pg') });
    await migrateMemberDb(db, silent);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('are live monitor tasks’ accounts, favourites and the last 30 days’ orders', async () => {
    const [u] = await db.query<{ id: string }>(
      `INSERT INTO users (phone) VALUES ('13900000001') RETURNING id`,
    );
    const user = Number(u?.id);
    const [g] = await db.query<{ id: string }>(
      `INSERT INTO account_groups (user_id, name) VALUES ($1, '默认') RETURNING id`,
      [user],
    );
    await db.query('INSERT INTO account_favorites (group_id, user_id, mid) VALUES ($1, $2, 101)', [
      g?.id,
      user,
    ]);
    const order = (mid: number, daysAgo: number, task: string) =>
      db.query(
        `INSERT INTO monitor_orders (user_id, task_id, kind, biz, mid, position, freq_min, days, cost, month, created_at)
         VALUES ($1, $2, 'next_post', $3, $4, 0, 5, 1, 1, '2026-11', now() - make_interval(days => $5))`,
        [user, task, bizOf(mid), mid, daysAgo],
      );
    await order(102, 3, 'o1');
    await order(103, 45, 'o2');
    const task = (biz: string, state: string, id: string) =>
      db.query(`INSERT INTO monitor_tasks (task_id, biz, task, state) VALUES ($1, $2, '{}', $3)`, [
        id,
        biz,
        state,
      ]);
    await task(bizOf(201), 'monitoring', 't1');
    await task(bizOf(202), 'waiting', 't2');
    await task(bizOf(203), 'done', 't3');
    const tiers = await memberTiers(db);
    expect([...tiers.monitor].map(midOf).sort()).toEqual([201, 202]);
    // The order of 45 days ago no longer keeps its account in the members' tier.
    expect([...tiers.member].map(midOf).sort()).toEqual([101, 102]);
    // One account's tier, as its page tells members how fresh its data is kept.
    expect(await tierOfAccount(db, 201, false)).toBe('monitor');
    expect(await tierOfAccount(db, 102, false)).toBe('member');
    expect(await tierOfAccount(db, 103, true)).toBe('active');
    expect(await tierOfAccount(db, 103, false)).toBe('rest');
  });
});
