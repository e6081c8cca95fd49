import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../bus/memory-bus';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { Crawler } from '../collectors/crawler';
import { StaticCredentialStore } from '../collectors/credentials';
import { wireSources } from '../collectors/source-wiring';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { DEMO_CHAINS } from '../core/source-chains';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { StreamWriter } from '../stream/writer';
import { buy, type Client, signUp } from './members-harness';
import { openServedApp } from './served-app';

/**
 * Mini-program owners end to end: the simulator's article pages embed mini-program cards without their owner; the
 * crawler reads each appid's profile once, the writer keeps the owner in miniprogram_owners, and common/v1
 * same_owner_minipro answers from it. Expected values are the simulator's own model (its ground truth).
 */
const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const log = createLogger('silent');

let sim: RunningSimulator;
let store: ChdbStore;
let close: () => Promise<void>;
let bus: MemoryBus;
let writer: StreamWriter;
let deluxe: Client;
/** Embedded mini-programs (appid → owner), from the model. */
let embedded: Map<string, string>;

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 11, accounts: 40, historyDays: 4, now: () => NOW, host: '127.0.0.1', port: 0 },
    log,
  );
  const opened = await openServedApp('minipro-owner', NOW);
  ({ store, close } = opened);
  const base = opened.base;
  bus = new MemoryBus(log);
  writer = new StreamWriter(bus, store, log);
  await writer.start();
  // Through the source chain, as a running collector crawls (collectors/start.ts).
  const { chain } = wireSources({
    upstream: sim.url,
    store: StaticCredentialStore.anonymous(),
    ledger: null,
    chains: DEMO_CHAINS,
    clock: fixedClock(NOW),
    log,
  });
  const crawler = new Crawler(chain, bus, log, {
    crawlDays: 4,
    intervalS: 3600,
    concurrency: 4,
    clock: fixedClock(NOW),
  });
  await crawler.runRound();
  await bus.drain();
  const w = sim.world;
  embedded = new Map(
    w.accounts
      .flatMap((a) => w.pushes(a).flatMap((p) => p.articles.flatMap((x) => x.miniPrograms)))
      .map((m) => [m.appid, m.owner]),
  );
  deluxe = await signUp(base);
  await buy(deluxe, 'vip3_q');
}, 120_000);

afterAll(async () => {
  await writer?.stop();
  await bus?.close();
  await close?.();
  await sim?.close();
});

describe('mini-program owners from the collector path', () => {
  it('stores each embedded mini-program’s owner, read once per appid from its profile', async () => {
    expect(embedded.size).toBeGreaterThan(3);
    const rows = await store.query<{ appid: string; owner: string }>(
      'SELECT appid, owner FROM miniprogram_owners FINAL ORDER BY appid',
    );
    expect(rows).toEqual(
      [...embedded].sort(([a], [b]) => (a < b ? -1 : 1)).map(([appid, owner]) => ({ appid, owner })),
    );
    const stats = (await (await fetch(`${sim.url}/__sim/stats`)).json()) as {
      served: Record<string, number>;
    };
    expect(stats.served['/mp/wxaprofile']).toBe(embedded.size);
  });

  it('answers same_owner_minipro from them, for an account and for a mini-program', async () => {
    const byOwner = new Map<string, string[]>();
    for (const [appid, owner] of embedded) byOwner.set(owner, [...(byOwner.get(owner) ?? []), appid].sort());
    // An owner with several mini-programs (同主体), as the simulator's owners run several accounts.
    const [owner, appids] = [...byOwner].find(([, list]) => list.length >= 2) ?? ['', []];
    expect(appids.length).toBeGreaterThanOrEqual(2);
    const account = sim.world.accounts.find((a) => a.owner === owner) as (typeof sim.world.accounts)[number];
    // Without the analytics processor every exposure is 0, so the order is by appid.
    const byMid = await deluxe.get('/fbmain/common/v1/same_owner_minipro', { mid: account.mid });
    expect(byMid.body.data.owner).toBe(owner);
    expect(byMid.body.data.applet_data.map((a: { appid: string }) => a.appid)).toEqual(appids);
    const [first, ...rest] = appids;
    const byAppid = await deluxe.get('/fbmain/common/v1/same_owner_minipro', { appid: first });
    expect(byAppid.body.data).toMatchObject({ owner, total: rest.length });
    expect(byAppid.body.data.applet_data.map((a: { appid: string; title: string }) => a.appid)).toEqual(rest);
    const model = sim.world.miniProgram(rest[0] as string);
    expect(byAppid.body.data.applet_data[0].title).toBe(model?.title);
  });
});
