import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../core/log';
import { type RunningSimulator, startSimulator } from '../simulator/server';
import { type SpawnedPlatform, spawnPlatform, tempDir, until, waitReady } from './harness';
import { KAFKA_TEST_BROKERS, kafkaTestGate, uniquePrefix } from './kafka';
import { type Client, signUp } from './members-harness';
import { pgServerReachable, throwawayDatabase } from './postgres';
import { sample } from './prometheus';

/**
 * The scaled-out shape on one machine: the api (with the stream processor and embedded ClickHouse in its process,
 * since chDB allows one process per data directory), two collector processes, Kafka and the real PostgreSQL server,
 * each role its own OS process; the simulator is the outside world. Members order monitor tasks through the API; the
 * two collectors (one Kafka consumer group, leases in PostgreSQL) split them without overlap; SIGKILL of one moves
 * its tasks to the other within a bounded time, which keeps polling them; the API serves the results; every role
 * serves /metrics, and the api's JSON log lines carry request ids.
 */

const run =
  (await kafkaTestGate('distributed test')) && ((await pgServerReachable()) || process.env.CI === 'true');
const LEASE_S = 6;
/** Lease expiry plus one heartbeat (a third of the lease) plus slack for a loaded 2-core machine. */
const MOVE_BOUND_MS = (LEASE_S + LEASE_S / 3 + 8) * 1000;
const MEMBERS = 4;
/** The free monthly allowance: 3 monitor tasks per member. */
const PER_MEMBER = 3;

type Json = any;

/** The collector's crawl rounds as it logged them: its shard of the accounts at each round. */
const rounds = (p: SpawnedPlatform) =>
  p
    .stdout()
    .split('\n')
    .filter((l) => l.includes('"msg":"crawl round finished"'))
    .map((l) => JSON.parse(l) as { round: number; time: string; shard: string; share: number; of: number });

const metrics = async (base: string) => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};

describe.runIf(run)('distributed roles on Kafka and PostgreSQL, each in its own process', () => {
  const prefix = uniquePrefix('dist');
  const log = createLogger('warn');
  let sim: RunningSimulator;
  let db: { url: string; drop: () => Promise<void> };
  let pgc: pg.Client;
  const procs: Record<'api' | 'c1' | 'c2', SpawnedPlatform> = {} as never;
  const urls: Record<'api' | 'c1' | 'c2', string> = {} as never;
  const members: Client[] = [];
  const tasks: { id: string; post: string; member: Client }[] = [];

  const owners = async () =>
    (
      await pgc.query<{ task_id: string; owner: string | null }>(
        'SELECT task_id, owner FROM monitor_tasks WHERE task_id = ANY($1)',
        [tasks.map((t) => t.id)],
      )
    ).rows;

  beforeAll(async () => {
    db = await throwawayDatabase();
    sim = await startSimulator(
      { seed: 7, accounts: 30, historyDays: 4, now: () => Date.now(), host: '127.0.0.1', port: 0 },
      log,
    );
    const common = {
      KAFKA_BROKERS: KAFKA_TEST_BROKERS.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      DATABASE_URL: db.url,
      SIMULATOR_URL: sim.url,
      CRAWL_DAYS: '3',
      KAFKA_SESSION_TIMEOUT_S: '10',
      PORT: '0',
      LOG_LEVEL: 'info',
    };
    procs.api = spawnPlatform({ ...common, ROLE: 'api,stream', DATA_DIR: tempDir('dist-api') });
    urls.api = await procs.api.url;
    // The api migrates PostgreSQL first; the collectors start on the migrated schema.
    for (const name of ['c1', 'c2'] as const) {
      procs[name] = spawnPlatform({
        ...common,
        ROLE: 'collector',
        COLLECTOR_NAME: name,
        // The live collectors split the crawl themselves, as the autoscaled Deployment does.
        COLLECTOR_SHARD: 'auto',
        CRAWL_INTERVAL_S: '15',
        MONITOR_LEASE_S: String(LEASE_S),
        DATA_DIR: tempDir(`dist-${name}`),
      });
    }
    urls.c1 = await procs.c1.url;
    urls.c2 = await procs.c2.url;
    await waitReady(urls.api, 240_000);
    pgc = new pg.Client({ connectionString: db.url });
    await pgc.connect();

    // Both collectors in the monitor group before any order, so the tasks' partitions are split between them.
    const admin = new Kafka({ brokers: KAFKA_TEST_BROKERS, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const groupId = `${prefix}collector.monitor.monitor.tasks`;
    await until(
      'two collectors in the monitor consumer group',
      async () => {
        const { groups } = await admin.describeGroups([groupId]);
        return groups[0]?.state === 'Stable' && groups[0].members.length === 2;
      },
      120_000,
    );
    await admin.disconnect();

    // Articles published in the last two days, one per account (tasks are keyed, and so partitioned, by account).
    // The console SMS provider of the api process logs each code it "sends" (the pipe may lag the HTTP answer).
    const codeOf = async (phone: string) => {
      const line = await until(
        `the code sent to ${phone}`,
        async () =>
          procs.api
            .stdout()
            .split('\n')
            .findLast((l) => l.includes('SMS verification code') && l.includes(`"phone":"${phone}"`)),
        10_000,
      );
      return String(JSON.parse(line).code);
    };
    // The members sign up, and the accounts' lists are read, side by side: each request waits on the api process.
    members.push(
      ...(await Promise.all(
        Array.from({ length: MEMBERS }, () => signUp(urls.api, undefined, undefined, codeOf)),
      )),
    );
    const first = members[0] as Client;
    const accounts = (await first.post('/fbmain/search/v1/key_search', { kw: '', num: 30 })).body.data
      .accounts as Json[];
    const since = Date.now() - 2 * 86_400_000;
    const newest = await Promise.all(
      accounts.map(async (a) => {
        const groups = (await first.get('/fbmain/search/v1/detail_pubList', { mId: a.mid, page: 1, num: 20 }))
          .body.data?.article_list as Json[] | undefined;
        const art = (groups ?? [])
          .flatMap((g) => g.articles as Json[])
          .find((x) => Date.parse(`${String(x.up_time).replace(' ', 'T')}+08:00`) >= since);
        return art ? { href: art.href as string, post: `${a.mid}_${art.aid}` } : null;
      }),
    );
    const recent = newest.filter((r) => r !== null).slice(0, MEMBERS * PER_MEMBER);
    expect(recent.length).toBe(MEMBERS * PER_MEMBER);
    // Each member orders its three tasks in turn, the members side by side.
    const ordered = await Promise.all(
      members.map(async (member, m) => {
        const mine: typeof tasks = [];
        for (const r of recent.slice(m * PER_MEMBER, (m + 1) * PER_MEMBER)) {
          const order = await member.post('/fbmain/monitor/v1/create_future_task', {
            url: r.href,
            freq: 1,
            days: 3,
          });
          expect(order.body, JSON.stringify(order.body)).toMatchObject({ status: 200 });
          mine.push({ id: order.body.data.task_id, post: r.post, member });
        }
        return mine;
      }),
    );
    tasks.push(...ordered.flat());
  }, 420_000);

  afterAll(async () => {
    for (const p of Object.values(procs)) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(Object.values(procs).map((p) => p.exit));
    await pgc?.end().catch(() => {});
    await sim?.close();
    await db?.drop();
  }, 60_000);

  it('splits the tasks between the two collectors without overlap', async () => {
    const rows = await until(
      'every task owned by a collector',
      async () => {
        const r = await owners();
        return r.length === tasks.length && r.every((x) => x.owner === 'c1' || x.owner === 'c2') && r;
      },
      60_000,
    );
    const held = async (name: 'c1' | 'c2') =>
      sample(await metrics(urls[name]), 'gzh_collector_monitor_tasks') ?? 0;
    const byOwner = (name: string) => rows.filter((r) => r.owner === name).length;
    // Each collector runs exactly the tasks PostgreSQL says it owns: together all of them, none twice.
    await until(
      'collectors running their tasks',
      async () => (await held('c1')) + (await held('c2')) === tasks.length,
    );
    expect(await held('c1')).toBe(byOwner('c1'));
    expect(await held('c2')).toBe(byOwner('c2'));
    expect(byOwner('c1')).toBeGreaterThan(0);
    expect(byOwner('c2')).toBeGreaterThan(0);
    console.log(`[distributed] ${tasks.length} tasks: c1 ${byOwner('c1')}, c2 ${byOwner('c2')}`);
  });

  it('the live collectors split the regular crawl between them', { timeout: 120_000 }, async () => {
    const split = await until(
      'a round of each collector on two shards',
      async () => {
        const a = rounds(procs.c1).findLast((r) => r.shard.endsWith('/2'));
        const b = rounds(procs.c2).findLast((r) => r.shard.endsWith('/2'));
        return a && b && { a, b };
      },
      90_000,
    );
    expect(new Set([split.a.shard, split.b.shard])).toEqual(new Set(['0/2', '1/2']));
    expect(split.a.share + split.b.share).toBe(split.a.of);
    expect(split.a.share).toBeGreaterThan(0);
    expect(split.b.share).toBeGreaterThan(0);
    // Both collectors record the directory's accounts in the PostgreSQL server (a subquery without an alias, which
    // PGlite accepts and PostgreSQL 15 refuses, once lost these).
    const [recorded] = (
      await pgc.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM included_accounts WHERE via = 'directory'",
      )
    ).rows;
    expect(recorded?.n).toBe(split.a.of);
    for (const p of [procs.c1, procs.c2]) expect(p.stdout()).not.toContain('included accounts not recorded');
  });

  it('every role serves Prometheus metrics; the api logs JSON lines with request ids', {
    timeout: 120_000,
  }, async () => {
    const api = await metrics(urls.api);
    expect(
      sample(api, 'gzh_http_request_duration_seconds_count', {
        route: '/fbmain/monitor/v1/create_future_task',
        status: '200',
      }),
    ).toBe(tasks.length);
    expect(sample(api, 'gzh_clickhouse_inserted_rows_total', { table: 'article_snapshots' })).toBeGreaterThan(
      0,
    );
    // The stream's consumer groups on their Kafka topics, with a lag figure each.
    expect(sample(api, 'gzh_bus_consumer_lag_messages', { topic: `${prefix}snapshots` })).not.toBeNull();
    expect(sample(api, 'gzh_bus_published_messages_total', { topic: 'monitor.tasks' })).toBe(tasks.length);
    for (const name of ['c1', 'c2'] as const) {
      const text = await metrics(urls[name]);
      expect(sample(text, 'gzh_upstream_requests_total', { source: 'mp', outcome: 'ok' })).toBeGreaterThan(0);
      expect(sample(text, 'gzh_upstream_credentials', { source: 'mp', state: 'active' })).toBe(1);
      expect(sample(text, 'gzh_bus_published_messages_total', { topic: 'articles' })).toBeGreaterThan(0);
      expect(sample(text, 'gzh_process_resident_memory_bytes')).toBeGreaterThan(0);
    }
    // Each task's polls are spread over its minute: wait until each collector has counted one of its own (the SIGKILL
    // test below waits for a poll of every task).
    const polls = async (name: 'c1' | 'c2') =>
      sample(await metrics(urls[name]), 'gzh_collector_monitor_polls_total', { outcome: 'ok' }) ?? 0;
    await until(
      'monitor polls counted',
      async () => (await polls('c1')) > 0 && (await polls('c2')) > 0,
      90_000,
    );

    const reqId = `dist-${Date.now()}`;
    const res = await fetch(`${urls.api}/fbmain/search/v1/key_search`, {
      method: 'POST',
      headers: { 'x-request-id': reqId },
      body: new URLSearchParams({ kw: '', num: '5' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(reqId);
    const line = await until('the request logged', async () =>
      procs.api
        .stdout()
        .split('\n')
        .find((l) => l.includes(reqId)),
    );
    expect(JSON.parse(line)).toMatchObject({
      reqId,
      path: '/fbmain/search/v1/key_search',
      status: 200,
      msg: 'request',
    });
  });

  it('SIGKILL of one collector moves its tasks to the other in bounded time; the API serves their new polls', async () => {
    const rows = await owners();
    const victim = rows.filter((r) => r.owner === 'c1').map((r) => r.task_id);
    expect(victim.length).toBeGreaterThan(0);
    const moved = tasks.filter((t) => victim.includes(t.id));
    // The chart's last point is stamped with the newest snapshot's minute.
    const lastPoint = async (t: (typeof tasks)[number]) =>
      String(
        (
          (await t.member.get('/fbmain/monitor/v1/read_praise_report', { post: t.post })).body.data?.charts
            ?.time ?? []
        ).at(-1) ?? '',
      );
    const before = await Promise.all(moved.map(lastPoint));
    const c2Polls = async () =>
      sample(await metrics(urls.c2), 'gzh_collector_monitor_polls_total', { outcome: 'ok' }) ?? 0;
    const pollsBefore = await c2Polls();

    const killedAt = Date.now();
    procs.c1.child.kill('SIGKILL');
    expect(await procs.c1.exit).toBe('SIGKILL');
    await until(
      'c2 owns every task',
      async () => (await owners()).every((r) => r.owner === 'c2'),
      MOVE_BOUND_MS + 10_000,
    );
    const movedAfterMs = Date.now() - killedAt;
    console.log(`[distributed] ${moved.length} tasks moved to c2 ${movedAfterMs} ms after SIGKILL of c1`);
    expect(movedAfterMs).toBeLessThan(MOVE_BOUND_MS);
    await until(
      'c2 running all tasks',
      async () => sample(await metrics(urls.c2), 'gzh_collector_monitor_tasks') === tasks.length,
    );
    // And the whole crawl: c1's heartbeat has expired, so c2 is the only member at its next round.
    const alone = await until(
      'a round of c2 on its own',
      async () => rounds(procs.c2).find((r) => Date.parse(r.time) > killedAt && r.shard === '0/1'),
      60_000,
    );
    expect(alone.share).toBe(alone.of);

    // c2 polls the adopted tasks at their next minute slot; the snapshots reach ClickHouse through Kafka and the
    // stream, and the API's report of each moved article grows.
    await until('c2 polling more', async () => (await c2Polls()) >= pollsBefore + tasks.length, 150_000);
    await until(
      'the reports of the moved tasks growing',
      async () => {
        const now = await Promise.all(moved.map(lastPoint));
        return now.every((p, i) => p > (before[i] as string));
      },
      90_000,
    );
  }, 300_000);
});
