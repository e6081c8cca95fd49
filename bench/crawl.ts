import path from 'node:path';
import { MemoryBus } from '../bus/memory-bus';
import { ChdbStore } from '../clickhouse/chdb-store';
import { migrateClickHouse } from '../clickhouse/migrate';
import { Crawler } from '../collectors/crawler';
import { MpSource } from '../collectors/mp-source';
import { fixedClock } from '../core/clock';
import { createLogger } from '../core/log';
import { tempDir } from '../e2e/harness';
import { startSimulator } from '../simulator/server';
import { StreamWriter } from '../stream/writer';

/**
 * First-crawl throughput: simulator → collector → bus → stream → queryable in chDB, against the
 * ceiling of the same list and counter requests made with nothing behind them (the upstream's own limit
 * here). The pipeline also fetches each new article's page (BENCH_PAGE_DAYS, default all: the platform's
 * default); the baseline does not, so the ratio shows what the pages cost.
 */
export async function run(): Promise<void> {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 300);
  const days = Number(process.env.BENCH_DAYS ?? 30);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
  // Article pages of new articles, as the platform's default (CRAWL_PAGE_DAYS = CRAWL_DAYS); 0 = off.
  const pageDays = Number(process.env.BENCH_PAGE_DAYS ?? days);
  const log = createLogger('warn');
  const clock = fixedClock(Date.parse('2026-11-01T21:30:00+08:00'));
  const sim = await startSimulator(
    { seed: 1, accounts, historyDays: days, now: () => clock.now(), host: '127.0.0.1', port: 0 },
    log,
  );
  const source = new MpSource(sim.url);

  // Baseline: the same requests the collector makes, results thrown away.
  const t0 = performance.now();
  let requests = 0;
  const bizs = sim.world.accounts.map((a) => a.biz);
  for (let begin = 0; begin < accounts; begin += 20) {
    await source.listAccounts(begin, 20);
    requests++;
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bizs.length) {
        const biz = bizs[next++] as string;
        await source.profile(biz);
        requests++;
        for (let begin = 0; ; begin += 5) {
          const page = await source.listPushes(biz, begin, 5);
          requests++;
          for (const p of page.pushes)
            for (const a of p.articles) {
              await source.counts(a);
              requests++;
            }
          if (page.pushes.length < 5) break;
        }
      }
    }),
  );
  const baseS = (performance.now() - t0) / 1000;

  // The pipeline.
  const dir = tempDir('bench-crawl');
  const store = new ChdbStore(path.join(dir, 'clickhouse'));
  await migrateClickHouse(store, log);
  const bus = new MemoryBus(log);
  const writer = new StreamWriter(bus, store, log);
  await writer.start();
  const crawler = new Crawler(source, bus, log, {
    crawlDays: days,
    intervalS: 3600,
    concurrency,
    clock,
    pageDays,
  });
  const t1 = performance.now();
  await crawler.runRound();
  await bus.drain();
  const pipeS = (performance.now() - t1) / 1000;
  const [row] = await store.query<{ a: string; s: string; c: string }>(
    `SELECT (SELECT count() FROM articles FINAL) AS a, (SELECT count() FROM article_snapshots) AS s,
            (SELECT countIf(content != '') FROM articles FINAL) AS c`,
  );
  await writer.stop();
  await store.close();
  await sim.close();

  const articles = Number(row?.a ?? 0);
  const perS = Math.round(articles / pipeS);
  const basePerS = Math.round(articles / baseS);
  console.log(
    `dataset: ${accounts} accounts, ${days} days, ${articles} articles, ${row?.s} snapshots; concurrency ${concurrency}`,
  );
  console.log(
    `article pages (CRAWL_PAGE_DAYS=${pageDays}): ${crawler.pages.fetched} fetched, ${crawler.pages.failed} failed; ${row?.c} articles with body text`,
  );
  console.log(
    `upstream only (no pages): ${requests} requests in ${baseS.toFixed(2)} s (${basePerS} articles/s)`,
  );
  console.log(`pipeline to queryable: ${pipeS.toFixed(2)} s (${perS} articles/s)`);
  console.log(
    `RESULT crawl articles_per_s=${perS} upstream_articles_per_s=${basePerS} ratio_to_upstream=${(perS / basePerS).toFixed(2)} page_days=${pageDays}`,
  );
}
