import path from 'node:path';
import { ChdbStore } from '../clickhouse/chdb-store';
import { Rng } from '../core/rng';
import { tempDir } from '../e2e/harness';
import { SimWorld } from '../simulator/world';

/**
 * Chinese search over article titles and digests, three ways, on the same corpus:
 *   scan   – no index, substring match (the ground truth of "contains what I typed");
 *   ngram  – the bigram text index narrows, an exact substring check confirms (what the API uses);
 *   tokens – the bigram index alone (hasAllTokens: every bigram of the query, anywhere in the text);
 *   words  – words segmented at ingest (Intl.Segmenter) in an array text index, all query words required.
 * Reports recall and precision against the scan, and latency.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const words = (s: string) =>
  [...segmenter.segment(s)].filter((x) => x.isWordLike).map((x) => x.segment.toLowerCase());

export async function run(): Promise<void> {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 3000);
  const days = Number(process.env.BENCH_DAYS ?? 90);
  const world = new SimWorld({
    seed: 9,
    accounts,
    historyDays: days,
    now: () => Date.parse('2026-11-01T21:30:00+08:00'),
  });
  const docs: { id: number; text: string }[] = [];
  for (const a of world.accounts)
    for (const p of world.pushes(a))
      for (const art of p.articles)
        docs.push({ id: docs.length, text: `${art.title} ${art.digest} ${a.name}` });

  const store = new ChdbStore(path.join(tempDir('bench-search'), 'ch'));
  await store.exec('CREATE TABLE scan (id UInt32, text String) ENGINE = MergeTree ORDER BY id');
  await store.exec(
    'CREATE TABLE ngram (id UInt32, text String, INDEX t text TYPE text(tokenizer = ngrams(2))) ENGINE = MergeTree ORDER BY id',
  );
  await store.exec(
    'CREATE TABLE seg (id UInt32, text String, words Array(String), INDEX w words TYPE text(tokenizer = array)) ENGINE = MergeTree ORDER BY id',
  );
  let t = performance.now();
  for (let i = 0; i < docs.length; i += 20_000) await store.insert('scan', docs.slice(i, i + 20_000));
  const scanLoad = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < docs.length; i += 20_000) await store.insert('ngram', docs.slice(i, i + 20_000));
  const ngramLoad = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < docs.length; i += 20_000)
    await store.insert(
      'seg',
      docs.slice(i, i + 20_000).map((d) => ({ ...d, words: words(d.text) })),
    );
  const segLoad = performance.now() - t;

  // Queries a user types: 2–4 character pieces of real titles, and the vocabulary's keywords.
  const r = new Rng(77);
  const queries = new Set<string>();
  while (queries.size < 120) {
    const d = r.pick(docs).text.split(' ')[0] ?? '';
    const len = r.int(2, 4);
    const at = r.int(0, Math.max(0, d.length - len));
    const q = d.slice(at, at + len);
    if (/^[\u4e00-\u9fff]+$/.test(q) && q.length >= 2) queries.add(q);
  }
  for (const a of world.accounts.slice(0, 30)) queries.add(a.industry.keywords[0] as string);

  const stats = {
    scan: [] as number[],
    ngram: [] as number[],
    tokens: [] as number[],
    words: [] as number[],
  };
  let truth = 0;
  let ngramHits = 0;
  let tokensTrue = 0;
  let tokensAll = 0;
  let wordsTrue = 0;
  let wordsAll = 0;
  for (const q of queries) {
    const time = async (sql: string, params: Record<string, unknown>) => {
      const s = performance.now();
      const rows = await store.query<{ id: number }>(sql, params as never);
      return { ms: performance.now() - s, ids: new Set(rows.map((x) => Number(x.id))) };
    };
    const a = await time('SELECT id FROM scan WHERE positionCaseInsensitiveUTF8(text, {q:String}) > 0', {
      q,
    });
    const b = await time(
      'SELECT id FROM ngram WHERE hasAllTokens(text, {q:String}) AND positionCaseInsensitiveUTF8(text, {q:String}) > 0',
      { q },
    );
    const c = await time('SELECT id FROM seg WHERE hasAllTokens(words, {w:Array(String)})', { w: words(q) });
    const d = await time('SELECT id FROM ngram WHERE hasAllTokens(text, {q:String})', { q });
    stats.tokens.push(d.ms);
    tokensAll += d.ids.size;
    for (const id of d.ids) if (a.ids.has(id)) tokensTrue++;
    stats.scan.push(a.ms);
    stats.ngram.push(b.ms);
    stats.words.push(c.ms);
    truth += a.ids.size;
    for (const id of b.ids) if (a.ids.has(id)) ngramHits++;
    wordsAll += c.ids.size;
    for (const id of c.ids) if (a.ids.has(id)) wordsTrue++;
  }
  await store.close();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const p95 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * 0.95)] ?? 0;
  const line = (name: string, xs: number[], recall: number, precision: number, loadMs: number) =>
    console.log(
      `${name.padEnd(6)} recall ${recall.toFixed(3)}  precision ${precision.toFixed(3)}  median ${median(xs).toFixed(1)} ms  p95 ${p95(xs).toFixed(1)} ms  load ${(loadMs / 1000).toFixed(1)} s`,
    );
  console.log(`corpus: ${docs.length} articles (title + digest + account name), ${queries.size} queries`);
  line('scan', stats.scan, 1, 1, scanLoad);
  line('ngram', stats.ngram, ngramHits / truth, 1, ngramLoad);
  line('tokens', stats.tokens, tokensTrue / truth, tokensAll ? tokensTrue / tokensAll : 1, ngramLoad);
  line('words', stats.words, wordsTrue / truth, wordsAll ? wordsTrue / wordsAll : 1, segLoad);
  console.log(
    `RESULT search docs=${docs.length} ngram_recall=${(ngramHits / truth).toFixed(3)} words_recall=${(wordsTrue / truth).toFixed(3)} words_precision=${(wordsAll ? wordsTrue / wordsAll : 1).toFixed(3)} ngram_median_ms=${median(stats.ngram).toFixed(1)} tokens_median_ms=${median(stats.tokens).toFixed(1)} tokens_precision=${(tokensAll ? tokensTrue / tokensAll : 1).toFixed(3)} scan_median_ms=${median(stats.scan).toFixed(1)} ratio_scan_to_ngram=${(median(stats.scan) / median(stats.ngram)).toFixed(2)}`,
  );
}
