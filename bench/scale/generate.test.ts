import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChdbStore } from '../../clickhouse/chdb-store';
import { tempDir } from '../../e2e/harness';
import { DEFAULT_SEED, ensureDataset, type Manifest, type ScaleOptions, zipfScale } from './generate';

/** A small dataset through the real path (chDB, the analytics processor), then read back. */
const OPTIONS: ScaleOptions = {
  accounts: 200,
  articles: 20_000,
  snapshots: 200_000,
  months: 18,
  nowMs: Date.parse('2026-11-01T21:30:00+08:00'),
  seed: DEFAULT_SEED,
};

describe('scale generator', () => {
  const dir = tempDir('scale-gen');
  let manifest: Manifest;
  let store: ChdbStore;
  const one = async <T>(sql: string) => (await store.query<T>(sql))[0] as T;

  beforeAll(async () => {
    const r = await ensureDataset(OPTIONS, { dataDir: dir });
    expect(r.generated).toBe(true);
    manifest = r.manifest;
    // A second call finds the complete dataset and does not regenerate.
    const again = await ensureDataset(OPTIONS, { dataDir: dir });
    expect(again.generated).toBe(false);
    expect(again.manifest.createdAt).toBe(manifest.createdAt);
    store = new ChdbStore(path.join(dir, 'clickhouse'));
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the asked sizes, with articles skewed across accounts', async () => {
    const c = manifest.report.counts;
    expect(c.accounts).toBe(200);
    expect(Math.abs(c.articles - 20_000)).toBeLessThan(200);
    expect(Math.abs(c.snapshots - 200_000)).toBeLessThan(20_000);
    const q = await one<{ q: number[] }>(
      'SELECT quantiles(0.5, 1)(n) AS q FROM (SELECT mid, count() AS n FROM articles FINAL GROUP BY mid)',
    );
    const [median, max] = q.q as [number, number];
    expect(max).toBeGreaterThan(median * 5);
    expect(zipfScale(200, 20_000, 4384)).toBeGreaterThan(0);
  });

  it('spreads articles over 18 months up to now, positions 1–8, with searchable Chinese titles', async () => {
    const r = await one<{ first: string; last: string; maxIdx: number; today: string; hits: string }>(
      `SELECT toString(min(pubtime)) AS first, toString(max(pubtime)) AS last, max(idx) AS maxIdx,
         countIf(toDate(pubtime) = '2026-11-01') AS today,
         -- The bigram text index answers hasAllTokens in WHERE (as the search does), not inside an aggregate.
         (SELECT count() FROM articles WHERE hasAllTokens(title, '火锅')) AS hits
       FROM articles FINAL`,
    );
    expect(r.first < '2025-05-15').toBe(true);
    expect(r.last <= '2026-11-01 21:30:00').toBe(true);
    expect(Number(r.maxIdx)).toBeGreaterThan(1);
    expect(Number(r.maxIdx)).toBeLessThanOrEqual(8);
    expect(Number(r.today)).toBeGreaterThan(0);
    expect(Number(r.hits)).toBeGreaterThan(0);
  });

  it('gives monitored articles dense minute series and fills the derived tables through the processor', async () => {
    const dense = await one<{ n: string }>(
      'SELECT count() AS n FROM (SELECT mid, aid FROM article_snapshots GROUP BY mid, aid HAVING count() > 60)',
    );
    expect(Number(dense.n)).toBeGreaterThan(0);
    const d = manifest.report.derived;
    expect(d.article_metrics).toBe(manifest.report.counts.articles);
    expect(d.account_stats).toBeGreaterThan(0);
    expect(d.rankings).toBeGreaterThan(0);
    expect(d.fake_reports).toBeGreaterThan(0);
    const crawled = await one<{ n: string }>('SELECT count() AS n FROM crawl_rounds');
    expect(Number(crawled.n)).toBe(1);
  });
});
