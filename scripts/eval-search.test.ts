import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ndcgAt } from './eval-search';
import { JUDGED } from './search-judgments';

/**
 * `npm run eval:search` end to end: a platform over the judged world, every judged query through key_search, the
 * per-query table and the RESULT line last; the served order must reach nDCG@10 ≥ 0.9 and beat the old order (by
 * latest post), and 科技 (the README's example) must list technology accounts first.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('eval:search', () => {
  it('scores nDCG@10 with graded gains against the ideal order of the judgments', () => {
    const grades = { 甲: 3, 乙: 2, 丙: 1 } as const;
    expect(ndcgAt(['甲', '乙', '丙'], grades)).toBe(1);
    expect(ndcgAt(['无关', '甲', '乙', '丙'], grades)).toBeLessThan(1);
    expect(ndcgAt(['丙', '乙', '甲'], grades)).toBeLessThan(ndcgAt(['甲', '丙', '乙'], grades));
    expect(ndcgAt([], grades)).toBe(0);
  });

  it('has at least 30 hand-judged queries of every kind', () => {
    expect(JUDGED.length).toBeGreaterThanOrEqual(30);
    expect(new Set(JUDGED.map((j) => j.kind))).toEqual(
      new Set(['name', 'partial', 'wxid', 'industry', 'tag', 'owner', 'typo']),
    );
  });

  it('ranks the judged set at nDCG@10 ≥ 0.9, technology accounts first for 科技', async () => {
    const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/eval-search.ts'], {
      cwd: ROOT,
      maxBuffer: 1 << 22,
    });
    const lines = stdout.trim().split('\n');
    for (const j of JUDGED) expect(stdout).toMatch(new RegExp(`^${j.q} +${j.kind} +[\\d.]+ +[\\d.]+ `, 'm'));
    const tech = lines
      .find((l) => l.startsWith('top10 科技 media='))
      ?.split('=')[1]
      ?.split(',');
    expect(tech).toEqual(Array(10).fill('科技'));
    const last = lines[lines.length - 1] as string;
    const m = last.match(
      /^RESULT search-relevance ndcg10=([\d.]+) baseline_ndcg10=([\d.]+) ratio=([\d.]+) queries=(\d+)$/,
    );
    expect(m).not.toBeNull();
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(0.9);
    expect(Number(m?.[1])).toBeGreaterThan(Number(m?.[2]));
    expect(Number(m?.[4])).toBe(JUDGED.length);
  });
});
