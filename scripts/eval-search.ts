import { startInProcess, until, waitReady } from '../e2e/harness';
import { buy, type Client, signUp } from '../e2e/members-harness';
import { JUDGED, type Judged, SEARCH_WORLD } from './search-judgments';

/**
 * `npm run eval:search`: account search (key_search) against the hand-judged queries of search-judgments.ts, on a
 * platform started in this process over the world those judgments were written for. For each query it prints the
 * nDCG@10 of the served order (综合) and of the old order (the same results by latest post, newest first), then
 * the means per kind and a last line `RESULT search-relevance ndcg10=… baseline_ndcg10=… ratio=… queries=…`.
 * The searches run as a level-3 member, who may search by owner (docs/members.md).
 */

interface Hit {
  mid: number;
  name: string;
  media: string;
  pubtime: string;
}

const K = 10;

/** nDCG@K with gains 2^grade − 1, over the judged grades of `names` (unjudged names are 0). */
export function ndcgAt(names: string[], grades: Judged['grades'], k = K): number {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg(Object.values(grades).sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(names.map((n) => grades[n] ?? 0)) / ideal;
}

/** The old ordering: newest post first (accounts without posts last), then mid. */
const byLatestPost = (hits: Hit[]) =>
  [...hits].sort((a, b) => (b.pubtime || '').localeCompare(a.pubtime || '') || a.mid - b.mid);

async function search(member: Client, q: string): Promise<Hit[]> {
  const r = await member.post('/fbmain/search/v1/key_search', { kw: q, num: 50 });
  if (r.body.error_code !== 0) throw new Error(`key_search ${q}: ${r.text}`);
  return r.body.data.accounts as Hit[];
}

export async function evaluate(log: (line: string) => void = console.log) {
  const platform = await startInProcess({ ...SEARCH_WORLD, LOG_LEVEL: 'error' });
  try {
    const api = platform.url as string;
    await waitReady(api);
    const member = await signUp(api);
    await buy(member, 'vip3_q');
    // Every account crawled and its figures computed (ties are ordered by WCI).
    await until(
      'every account with its figures',
      async () => {
        const r = await member.post('/fbmain/search/v1/key_search', { kw: '', num: 50 });
        const rows = r.body.data.accounts as (Hit & { wci: number | null })[];
        return r.body.data.total >= Number(SEARCH_WORLD.SIM_ACCOUNTS) && rows.every((a) => a.wci !== null);
      },
      180_000,
    );
    // A judged name missing from the platform means the world changed under the judgments: stop, do not score.
    const names = new Set<string>();
    for (let page = 1; ; page++) {
      const r = await member.post('/fbmain/search/v1/key_search', { kw: '', num: 50, page });
      for (const a of r.body.data.accounts as Hit[]) names.add(a.name);
      if (r.body.data.accounts.length < 50) break;
    }
    const missing = JUDGED.flatMap((j) => Object.keys(j.grades)).filter((n) => !names.has(n));
    if (missing.length > 0)
      throw new Error(`judged accounts not in the world: ${[...new Set(missing)].join('、')}`);

    const rows: { q: string; kind: Judged['kind']; ndcg: number; base: number; top: string[] }[] = [];
    for (const j of JUDGED) {
      const hits = await search(member, j.q);
      const ranked = hits.map((h) => h.name);
      rows.push({
        q: j.q,
        kind: j.kind,
        ndcg: ndcgAt(ranked, j.grades),
        base: ndcgAt(
          byLatestPost(hits).map((h) => h.name),
          j.grades,
        ),
        top: ranked.slice(0, 3),
      });
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    const f = (x: number) => x.toFixed(3);
    log(`${'query'.padEnd(20)} ${'kind'.padEnd(9)} ndcg10  latest-post  top 3`);
    for (const r of rows)
      log(`${r.q.padEnd(20)} ${r.kind.padEnd(9)} ${f(r.ndcg)}   ${f(r.base)}        ${r.top.join('、')}`);
    for (const kind of [...new Set(rows.map((r) => r.kind))]) {
      const of = rows.filter((r) => r.kind === kind);
      log(
        `mean ${kind.padEnd(9)} ${f(mean(of.map((r) => r.ndcg)))}  latest-post ${f(mean(of.map((r) => r.base)))}`,
      );
    }
    const ndcg = mean(rows.map((r) => r.ndcg));
    const base = mean(rows.map((r) => r.base));
    // The README's example: the industries of the first ten accounts for 科技.
    const tech = (await search(member, '科技')).slice(0, K);
    log(`top10 科技 media=${tech.map((h) => h.media).join(',')}`);
    log(
      `RESULT search-relevance ndcg10=${f(ndcg)} baseline_ndcg10=${f(base)} ratio=${f(ndcg / base)} queries=${rows.length}`,
    );
    return { ndcg, base, rows };
  } finally {
    await platform.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await evaluate();
  process.exit(0);
}
