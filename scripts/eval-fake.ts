import { randomInt } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { tempDir } from '../e2e/harness';
import { fixedClock } from '../platform/clock';
import { createLogger } from '../platform/log';
import { FAKE_SHAPES } from '../simulator/fake-traffic';
import { SimWorld } from '../simulator/world';
import { AnalyticsProcessor } from '../stream/analytics-processor';

/**
 * `npm run eval:fake [-- --seed N --accounts N --poll-min N]`: the fake-traffic detector against a simulator
 * population it never saw. The seed is random unless given (the thresholds were chosen on the development
 * seeds 20261122, 1 and 2, which a random draw skips). Articles published over 4 days are polled every
 * `poll-min` minutes for 72 hours, as the crawl refreshes them, and written into a fresh ClickHouse (chDB) with
 * 30 days of earlier articles for the accounts' baselines; the stream's analytics processor then judges them
 * exactly as in production, and its fake_reports are scored against the simulator's ground truth.
 *
 * The series come from the simulator's world model in-process rather than over its HTTP (the same numbers:
 * the HTTP answers are rendered from it), because millions of polls over loopback would take hours; the
 * whole HTTP path, collectors included, is covered by e2e/analytics.test.ts.
 *
 * Per shape: recall over that shape's articles, precision = its detections ÷ (its detections + every false
 * alarm on honest articles), i.e. the shape against honest traffic.
 */
const DEV_SEEDS = new Set([20261122, 1, 2]);
const HOUR = 3600;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      accounts: { type: 'string', default: '1500' },
      'poll-min': { type: 'string', default: '5' },
    },
  });
  let seed = values.seed ? Number(values.seed) : randomInt(3, 2 ** 31 - 1);
  while (!values.seed && DEV_SEEDS.has(seed)) seed = randomInt(3, 2 ** 31 - 1);
  const accounts = Number(values.accounts);
  const pollS = Number(values['poll-min']) * 60;
  const endMs = Date.parse('2026-11-20T00:00:00+08:00');
  const endS = endMs / 1000;
  const judgedFrom = endS - 7 * 86_400;
  const judgedTo = endS - 3 * 86_400;
  const world = new SimWorld({ seed, accounts, historyDays: 45, now: () => endMs, unlisted: 0 });
  const log = createLogger('warn');
  const store = new ChdbStore(path.join(tempDir('eval-fake'), 'ch'));
  await migrateClickHouse(store, log);
  console.log(`seed ${seed}, ${accounts} accounts, polls every ${pollS / 60} min for 72 h`);

  const t0 = performance.now();
  const accountRows = world.accounts.map((a) => ({
    mid: a.mid,
    biz: a.biz,
    name: a.name,
    owner: a.owner,
    area: a.area,
    media: a.industry.name,
    updated_at: endMs,
  }));
  await store.insert('accounts', accountRows);
  const articleRows: Record<string, unknown>[] = [];
  let snapshots: Record<string, unknown>[] = [];
  let snapshotCount = 0;
  const truth = new Map<string, { shape: string; fake: number }>();
  let judged = 0;
  const flush = async () => {
    snapshotCount += snapshots.length;
    await store.insert('article_snapshots', snapshots);
    snapshots = [];
  };
  for (const a of world.accounts) {
    for (const p of world.pushes(a)) {
      for (const art of p.articles) {
        articleRows.push({
          mid: art.mid,
          aid: art.aid,
          biz: art.biz,
          msgid: art.msgid,
          idx: art.idx,
          title: art.title,
          pubtime: art.createTime,
          copyright_stat: art.copyrightStat,
          updated_at: endMs,
        });
        const snap = (t: number) => {
          const c = world.counts(art, t * 1000);
          return { mid: art.mid, aid: art.aid, ts: t, reads: c.read, likes: c.zan, looking: c.looking };
        };
        if (art.createTime >= judgedFrom && art.createTime < judgedTo) {
          judged++;
          if (art.fake) truth.set(`${art.mid}/${art.aid}`, { shape: art.fake.shape, fake: art.fake.total });
          // The crawl's rounds reach each account at its own moment within the interval.
          for (let t = art.createTime + (a.mid % pollS); t <= art.createTime + 72 * HOUR; t += pollS)
            snapshots.push(snap(t));
        } else snapshots.push(snap(Math.min(endS, art.createTime + 72 * HOUR)));
        if (snapshots.length >= 200_000) await flush();
      }
    }
  }
  await flush();
  await store.insert('articles', articleRows);
  const loadS = (performance.now() - t0) / 1000;
  console.log(
    `loaded ${articleRows.length} articles (${judged} judged, ${truth.size} with fake traffic), ${snapshotCount} snapshots in ${loadS.toFixed(1)} s`,
  );

  const processor = new AnalyticsProcessor(store, fixedClock(endMs), log, {
    tickMs: 1000,
    rankEveryMs: 60_000,
    rankPastEveryMs: 3_600_000,
  });
  const t1 = performance.now();
  await processor.tick();
  const tickS = (performance.now() - t1) / 1000;
  const reports = await store.query<{ mid: string; aid: string; status: number; forecast_fake: number }>(
    `SELECT toString(mid) AS mid, aid, status, forecast_fake FROM fake_reports FINAL
     WHERE pubtime >= toDateTime({from:UInt32}) AND pubtime < toDateTime({to:UInt32})`,
    { from: judgedFrom, to: judgedTo },
  );
  console.log(`processor judged ${reports.length} articles in ${tickS.toFixed(1)} s (whole tick)`);

  const byShape = new Map<string, { tp: number; fn: number }>(FAKE_SHAPES.map((s) => [s, { tp: 0, fn: 0 }]));
  let fp = 0;
  let tn = 0;
  const errors: number[] = [];
  const seen = new Set<string>();
  for (const r of reports) {
    const key = `${r.mid}/${r.aid}`;
    seen.add(key);
    const t = truth.get(key);
    if (t) {
      const s = byShape.get(t.shape) as { tp: number; fn: number };
      if (r.status === 1) {
        s.tp++;
        errors.push(Math.abs(r.forecast_fake - t.fake) / t.fake);
      } else s.fn++;
    } else if (r.status === 1) fp++;
    else tn++;
  }
  // An article the processor did not judge at all counts as missed.
  for (const [key, t] of truth) if (!seen.has(key)) (byShape.get(t.shape) as { fn: number }).fn++;

  const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
  const fmt = (x: number) => x.toFixed(3);
  console.log('\nshape       articles  recall  precision  f1');
  let tp = 0;
  let fn = 0;
  for (const [shape, s] of byShape) {
    tp += s.tp;
    fn += s.fn;
    const recall = s.tp / Math.max(1, s.tp + s.fn);
    const precision = s.tp / Math.max(1, s.tp + fp);
    console.log(
      `${shape.padEnd(10)}  ${String(s.tp + s.fn).padStart(8)}  ${fmt(recall)}  ${fmt(precision).padStart(9)}  ${fmt(f1(precision, recall))}`,
    );
  }
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  errors.sort((x, y) => x - y);
  const medErr = errors[errors.length >> 1] ?? 0;
  console.log(
    `overall     ${String(tp + fn).padStart(8)}  ${fmt(recall)}  ${fmt(precision).padStart(9)}  ${fmt(f1(precision, recall))}`,
  );
  console.log(
    `honest articles ${fp + tn}, false alarms ${fp}; estimated fake reads vs truth: median relative error ${fmt(medErr)}`,
  );
  await store.close();
  console.log(
    `RESULT fake precision=${fmt(precision)} recall=${fmt(recall)} f1=${fmt(f1(precision, recall))} seed=${seed} fake_articles=${tp + fn} honest_articles=${fp + tn} fake_reads_median_rel_err=${fmt(medErr)}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
