import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { createLogger } from '../../core/log';
import { type RunningSimulator, startSimulator } from '../../simulator/server';
import { tempDir, until, waitReady } from '../harness';
import { testRunTag } from '../kafka';
import { Client } from '../members-harness';
import { sample } from '../prometheus';
import { Load, type Target } from './load';
import { Role } from './roles';
import { freePort, PrivateKafka, PrivatePostgres, sharedKafka, sharedPostgres } from './services';
import { type Finding, verifyApi, verifyCommitted, verifyPostgres, verifyStore } from './verify';

/**
 * `npm run chaos`: the platform split into OS processes (api+stream with embedded chDB, two collectors) on a
 * private Kafka broker and PostgreSQL cluster, the simulator as upstream, members using it over HTTP; meanwhile
 * faults at seeded random points: kill -9 of each role and its restart, a broker kill and restart, a PostgreSQL
 * crash and restart, an upstream outage. Then nothing accepted may be missing or doubled (verify.ts).
 */

export interface ChaosOptions {
  seed: number;
  /** Kill -9 rounds (the first kills the api+stream process, the second a collector, the rest a random role). */
  rounds: number;
  /** Length of the load phase in seconds (faults are spread over it). */
  seconds: number;
  kafkaRestart: boolean;
  pgRestart: boolean;
  outage: boolean;
  print: (line: string) => void;
}

export interface ChaosResult {
  seed: number;
  kills: number;
  lost: number;
  duplicates: number;
  restartsKafka: number;
  restartsPg: number;
  outages: number;
  seconds: number;
  /** Expectations of the faults themselves that failed (no clear error during the PostgreSQL restart, no recovery…). */
  failures: string[];
  findings: Finding[];
}

/** mulberry32: a small seeded PRNG, so a run can be repeated with CHAOS_SEED. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHINESE = /[\u4e00-\u9fff]/;

type Fault =
  | { kind: 'kill'; role: 'api' | 'c1' | 'c2' }
  | { kind: 'kafka' }
  | { kind: 'postgres' }
  | { kind: 'outage' };

const label = (f: Fault) =>
  f.kind === 'kill' ? `kill -9 ${f.role === 'api' ? 'api+stream' : `collector ${f.role}`}` : f.kind;

let active: (() => Promise<void>) | null = null;

/** Stops the running chaos run's processes and removes its servers' data (for an interrupted `npm run chaos`). */
export async function abortChaos(): Promise<void> {
  await active?.();
}

export async function runChaos(o: ChaosOptions): Promise<ChaosResult> {
  const t0 = Date.now();
  const random = prng(o.seed);
  const say = (s: string) => o.print(`[chaos ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
  const failures: string[] = [];
  const counts = { kills: 0, kafka: 0, pg: 0, outages: 0 };
  say(`seed ${o.seed}, ${o.rounds} kill rounds, ${o.seconds} s of load`);

  // Only a run that restarts the broker or the server needs a private one; otherwise the shared ones serve, under
  // this run's topic prefix and in its own database (a private broker is a JVM started and run for the whole run).
  const [pgStarted, kafkaStarted] = await Promise.allSettled([
    o.pgRestart ? PrivatePostgres.start() : sharedPostgres(),
    o.kafkaRestart ? PrivateKafka.start() : sharedKafka(),
  ]);
  if (pgStarted.status === 'rejected' || kafkaStarted.status === 'rejected') {
    if (pgStarted.status === 'fulfilled') await pgStarted.value.destroy();
    if (kafkaStarted.status === 'fulfilled') await kafkaStarted.value.destroy();
    throw pgStarted.status === 'rejected' ? pgStarted.reason : (kafkaStarted as PromiseRejectedResult).reason;
  }
  const pgs = pgStarted.value;
  const kafka = kafkaStarted.value;
  say(`PostgreSQL at ${new URL(pgs.url).host}${new URL(pgs.url).pathname}, Kafka at ${kafka.brokers}`);
  const simLog = createLogger('warn');
  const simOpts = { seed: 7, accounts: 30, historyDays: 4, now: () => Date.now(), host: '127.0.0.1' };
  let sim: RunningSimulator = await startSimulator({ ...simOpts, port: 0 }, simLog);
  const simPort = Number(new URL(sim.url).port);
  const prefix = `chaos.${testRunTag()}.${process.pid}.${Date.now()}.`;
  const common = {
    KAFKA_BROKERS: kafka.brokers,
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_PARTITIONS: '4',
    DATABASE_URL: pgs.url,
    SIMULATOR_URL: sim.url,
    CRAWL_DAYS: '3',
    CRAWL_PAGE_DAYS: '1',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_S: '60',
    // A killed role's consumers leave the group after this; its restart joins then (30 s by default).
    KAFKA_SESSION_TIMEOUT_S: '10',
  };
  const apiDir = tempDir('chaos-api');
  const dirs = [apiDir];
  const roles = {
    api: new Role(
      'api+stream',
      {
        ...common,
        ROLE: 'api,stream',
        DATA_DIR: apiDir,
        PORT: String(await freePort()),
        RANK_EVERY_S: '10',
        FAKE_EVERY_S: '20',
      },
      true,
    ),
    c1: new Role('collector c1', collectorEnv('c1'), false),
    c2: new Role('collector c2', collectorEnv('c2'), false),
  };
  function collectorEnv(name: string) {
    const dir = tempDir(`chaos-${name}`);
    dirs.push(dir);
    return {
      ...common,
      ROLE: 'collector',
      COLLECTOR_NAME: name,
      COLLECTOR_SHARD: 'auto',
      CRAWL_INTERVAL_S: '15',
      MONITOR_LEASE_S: '8',
      DATA_DIR: dir,
      PORT: '0',
    };
  }
  let load: Load | null = null;
  const teardown = async () => {
    // CHAOS_LOG_DIR keeps each role's JSON log lines (all incarnations) for a look after the run.
    const logDir = process.env.CHAOS_LOG_DIR;
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      for (const [k, r] of Object.entries(roles)) writeFileSync(path.join(logDir, `${k}.log`), r.stdout());
    }
    await load?.stop().catch(() => {});
    for (const r of Object.values(roles)) await r.stop().catch(() => {});
    await sim.close().catch(() => {});
    await kafka.destroy();
    await pgs.destroy();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  active = teardown;

  try {
    await roles.api.start(false);
    await Promise.all([roles.c1.start(), roles.c2.start()]);
    await waitReady(roles.api.url, 300_000);
    say(
      `api+stream ${roles.api.url} (pid ${roles.api.pid}), collectors pids ${roles.c1.pid}, ${roles.c2.pid}`,
    );
    const codeOf = (phone: string) =>
      until(
        `the code sent to ${phone}`,
        async () => {
          const line = roles.api
            .stdout()
            .split('\n')
            .findLast((l) => l.includes('SMS verification code') && l.includes(`"phone":"${phone}"`));
          return line ? String(JSON.parse(line).code) : null;
        },
        15_000,
      );

    // Accounts to favourite and recent articles to monitor, as the site lists them.
    const visitor = new Client(roles.api.url);
    const accounts = (await visitor.post('/fbmain/search/v1/key_search', { kw: '', num: 30 })).body.data
      .accounts as { mid: number }[];
    const targets: Target[] = [];
    const since = Date.now() - 2 * 86_400_000;
    for (const a of accounts) {
      const groups = (await visitor.get('/fbmain/search/v1/detail_pubList', { mId: a.mid, page: 1, num: 20 }))
        .body.data?.article_list as
        | { articles: { href: string; aid: string; up_time: string }[] }[]
        | undefined;
      for (const art of (groups ?? []).flatMap((g) => g.articles))
        if (Date.parse(`${String(art.up_time).replace(' ', 'T')}+08:00`) >= since)
          targets.push({ href: art.href, post: `${a.mid}_${art.aid}` });
      if (targets.length >= 20) break;
    }
    if (targets.length === 0) throw new Error('no recent article to monitor');
    say(`${accounts.length} accounts, ${targets.length} recent articles to monitor`);

    load = new Load(
      roles.api.url,
      codeOf,
      accounts.map((a) => a.mid),
      targets,
      random,
    );
    load.start(2);

    // The faults, shuffled, at evenly spread points with jitter; each runs to its end before the next.
    const roleNames = ['api', 'c1', 'c2'] as const;
    const faults: Fault[] = [];
    for (let i = 0; i < o.rounds; i++) {
      // The first two kills take the api+stream process and a collector, so each role dies at least once.
      const role =
        i === 0 ? 'api' : i === 1 ? (random() < 0.5 ? 'c1' : 'c2') : roleNames[Math.floor(random() * 3)];
      faults.push({ kind: 'kill', role: role as (typeof roleNames)[number] });
    }
    if (o.kafkaRestart) faults.push({ kind: 'kafka' });
    if (o.pgRestart) faults.push({ kind: 'postgres' });
    if (o.outage) faults.push({ kind: 'outage' });
    for (let i = faults.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [faults[i], faults[j]] = [faults[j] as Fault, faults[i] as Fault];
    }
    const loadStart = Date.now();
    const slot = (o.seconds * 1000) / (faults.length + 1);
    for (const [i, f] of faults.entries()) {
      const at = loadStart + slot * (i + 0.5 + random());
      if (Date.now() < at) await sleep(at - Date.now());
      say(`fault ${i + 1}/${faults.length}: ${label(f)}`);
      try {
        if (f.kind === 'kill') {
          const r = roles[f.role];
          const pid = r.pid;
          const code = await r.kill();
          counts.kills++;
          const down = 1000 + random() * 3000;
          await sleep(down);
          const t = Date.now();
          // Listening is enough: members get answers (or clear refusals) while the restarted api catches up.
          await r.start(false);
          say(
            `  pid ${pid} ended by ${code}; down ${(down / 1000).toFixed(1)} s, back in ${Date.now() - t} ms (pid ${r.pid})`,
          );
        } else if (f.kind === 'kafka') {
          const before = await inserted(roles.api);
          await kafka.kill();
          counts.kafka++;
          const down = 5000 + random() * 5000;
          await sleep(down);
          await kafka.up();
          const t = Date.now();
          await until(
            'snapshots inserted after the broker restart',
            async () => (await inserted(roles.api)) > before,
            180_000,
          )
            .then(() =>
              say(
                `  broker down ${(down / 1000).toFixed(1)} s; snapshots flow again ${Date.now() - t} ms after its restart`,
              ),
            )
            .catch(() =>
              failures.push('Kafka restart: no snapshot inserted within 180 s after the broker came back'),
            );
        } else if (f.kind === 'postgres') {
          await pgRestart(roles.api, load, pgs, random, say, failures);
          counts.pg++;
        } else {
          await upstreamOutage();
          counts.outages++;
        }
      } catch (e) {
        failures.push(`${label(f)}: ${(e as Error).message}`);
        say(`  failed: ${(e as Error).message}`);
      }
      for (const r of Object.values(roles))
        if (!r.alive) {
          failures.push(`${r.name} not running after ${label(f)}: restarted`);
          await r.start().catch((e) => failures.push(`${r.name} could not restart: ${(e as Error).message}`));
        }
    }
    const left = loadStart + o.seconds * 1000 - Date.now();
    if (left > 0) await sleep(left);
    await load.stop();
    const a = load.accepted;
    say(
      `load stopped: accepted ${a.members.length} members, ${a.groups.length} groups, ${a.favourites.length} favourites, ` +
        `${a.tasks.length} monitor tasks, ${a.orders.length} orders; refused ${[...load.refused].map(([k, n]) => `${k}×${n}`).join(', ') || 'none'}`,
    );

    // Settle: every accepted task's report has a point (collectors poll each minute), then the stream catches up.
    const t1 = Date.now();
    await until(
      'every accepted task polled',
      async () => {
        for (const t of a.tasks) {
          const r = await t.client.get('/fbmain/monitor/v1/read_praise_report', { post: t.post });
          if (!(r.body.data?.charts?.time?.length > 0)) return false;
        }
        return true;
      },
      150_000,
    )
      .then(() => say(`every accepted task has report points (${Date.now() - t1} ms after the load)`))
      .catch(() => say('not every task has a report point 150 s after the load (counted below)'));
    for (const c of [roles.c1, roles.c2]) {
      const code = await c.stop();
      if (code !== 0) failures.push(`${c.name} did not stop cleanly (${code})`);
    }
    await until(
      'the stream caught up',
      async () => sample(await roles.api.metrics(), 'gzh_bus_consumer_lag_messages') === 0,
      120_000,
    ).catch(async () => {
      const behind = (await roles.api.metrics().catch(() => ''))
        .split('\n')
        .filter((l) => l.startsWith('gzh_bus_consumer_lag_messages') && !l.endsWith(' 0'));
      failures.push(`the stream did not catch up within 120 s: ${behind.join('; ')}`);
    });
    // Let the analytics processor take the last snapshots into the report tables.
    await sleep(8000);
    const findings: Finding[] = [];
    findings.push(...(await verifyApi(a)));
    const code = await roles.api.stop();
    if (code !== 0) failures.push(`api+stream did not stop cleanly (${code})`);
    findings.push(...(await verifyPostgres(pgs.url, a)));
    const store = new ChdbStore(path.join(apiDir, 'clickhouse'));
    try {
      const v = await verifyStore(store, kafka.brokers, prefix);
      findings.push(...v.findings);
    } finally {
      await store.close();
    }
    findings.push(...(await verifyCommitted(kafka.brokers, prefix)));
    for (const r of Object.values(roles))
      for (const x of r.unexpectedExits)
        failures.push(`${r.name} exited on its own (${x.code}): ${x.stderr.slice(-300)}`);

    for (const f of findings)
      say(
        `${f.lost || f.duplicates ? 'FAIL' : 'ok  '} ${f.what}: lost ${f.lost}, duplicates ${f.duplicates}${f.detail ? ` (${f.detail})` : ''}`,
      );
    for (const f of failures) say(`FAIL ${f}`);
    return {
      seed: o.seed,
      kills: counts.kills,
      lost: findings.reduce((n, f) => n + f.lost, 0),
      duplicates: findings.reduce((n, f) => n + f.duplicates, 0),
      restartsKafka: counts.kafka,
      restartsPg: counts.pg,
      outages: counts.outages,
      seconds: Math.round((Date.now() - t0) / 1000),
      failures,
      findings,
    };
  } finally {
    active = null;
    await teardown();
  }

  /** The simulator stops answering for 15–25 s: collectors fail and back off, then catch up with a full round. */
  async function upstreamOutage() {
    const errors = async () =>
      (
        await Promise.all(
          [roles.c1, roles.c2].map(async (r) => {
            const m = await r.metrics();
            return (
              (sample(m, 'gzh_upstream_requests_total') ?? 0) -
              (sample(m, 'gzh_upstream_requests_total', { outcome: 'ok' }) ?? 0)
            );
          }),
        )
      ).reduce((x, y) => x + y, 0);
    const before = await errors();
    await sim.close();
    const down = 15_000 + random() * 10_000;
    await sleep(down);
    const during = (await errors()) - before;
    sim = await startSimulator({ ...simOpts, port: simPort }, simLog);
    const back = Date.now();
    say(
      `  upstream down ${(down / 1000).toFixed(1)} s: ${during} failed upstream calls counted by the collectors`,
    );
    if (during === 0) failures.push('upstream outage: the collectors counted no failed upstream call');
    const caughtUp = (r: Role) =>
      r
        .stdout()
        .split('\n')
        .some((l) => l.includes('"msg":"crawl round finished"') && Date.parse(JSON.parse(l).time) > back);
    await until(
      'both collectors finished a crawl round after the outage',
      async () => caughtUp(roles.c1) && caughtUp(roles.c2),
      120_000,
    )
      .then(() =>
        say(`  both collectors finished a crawl round ${Date.now() - back} ms after the upstream came back`),
      )
      .catch(() =>
        failures.push('upstream outage: a collector finished no crawl round within 120 s after it'),
      );
  }
}

async function inserted(api: Role): Promise<number> {
  return (
    sample(await api.metrics(), 'gzh_clickhouse_inserted_rows_total', { table: 'article_snapshots' }) ?? 0
  );
}

/**
 * PostgreSQL crashes (immediate stop) for 5–10 s. Meanwhile the same api process must answer members with a clear
 * Chinese error in the envelope, promptly (no 500, no hang); after the restart it must serve them again by itself.
 */
async function pgRestart(
  api: Role,
  load: Load,
  pgs: Pick<PrivatePostgres, 'url' | 'up' | 'down'>,
  random: () => number,
  say: (s: string) => void,
  failures: string[],
) {
  const member = load.accepted.members.at(-1)?.client;
  if (!member) throw new Error('no member signed up yet');
  const pid = api.pid;
  await pgs.down();
  const downAt = Date.now();
  const down = 5000 + random() * 5000;
  const answers: string[] = [];
  let unclear = 0;
  while (Date.now() - downAt < down) {
    const t = Date.now();
    const r = await member.get('/fbmain/search/v1/group_list').catch((e: Error) => ({
      status: 0,
      body: { msg: e.message } as Record<string, unknown>,
    }));
    const ms = Date.now() - t;
    const msg = String(r.body.msg ?? '');
    answers.push(`${r.status} ${msg} (${ms} ms)`);
    const clear = r.status >= 400 && r.status !== 500 && CHINESE.test(msg) && 'error_code' in r.body;
    if (!clear || ms > 10_000) unclear++;
    await sleep(500);
  }
  await pgs.up();
  const up = Date.now();
  if (unclear > 0)
    failures.push(
      `PostgreSQL restart: ${unclear} of ${answers.length} answers not a prompt clear error: ${[...new Set(answers.map((x) => x.replace(/ \(\d+ ms\)/, '')))].join('; ')}`,
    );
  say(
    `  PostgreSQL down ${(down / 1000).toFixed(1)} s; the api answered ${[...new Set(answers.map((x) => x.replace(/\(\d+ ms\)/, '')))].join(' | ')}`,
  );
  await until(
    'the api serving members again',
    async () => (await member.get('/fbmain/search/v1/group_list')).status === 200,
    60_000,
  )
    .then(() =>
      say(
        `  the same api process (pid ${pid}) serves members again ${Date.now() - up} ms after PostgreSQL came back`,
      ),
    )
    .catch(() => failures.push('PostgreSQL restart: the api did not serve members within 60 s'));
  if (api.pid !== pid) failures.push('PostgreSQL restart: the api process was replaced');
}
