import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FAKE_SHAPES } from '../simulator/fake-traffic';
import { HONEST_KINDS } from '../simulator/world';
import { FAKE_DECISION } from '../stream/analytics/fake-detector';

/**
 * Smoke run of `npm run eval:fake` on a tiny population: development seeds for the threshold, one given fresh
 * seed, every table printed and the RESULT line last. The figures of a 60-account world mean nothing; the
 * shape of the report and the seed handling do.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

describe('eval:fake', () => {
  it('scores fresh seeds per shape, per honest kind, leave-one-shape-out and calibration, ending on RESULT', async () => {
    const { stdout } = await run(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/eval-fake.ts', '--seeds', '1', '--seed', '12345', '--accounts', '60'],
      { cwd: ROOT, maxBuffer: 1 << 22 },
    );
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('development seeds 20261122, 1, 2 (60 accounts each)…');
    expect(stdout).toContain(`(in force ${FAKE_DECISION.fakeScore})`);
    expect(stdout).toMatch(/^seed +12345: \d+ articles \(\d+ fake\) precision [\d.]+ recall [\d.]+/m);
    for (const shape of FAKE_SHAPES)
      expect(stdout).toMatch(new RegExp(`^${shape} +\\d+ +[\\d.]+ +[\\d.]+ +[\\d.]+ \\(≥ [\\d.]+\\)$`, 'm'));
    for (const kind of HONEST_KINDS)
      expect(stdout).toMatch(new RegExp(`^${kind} +\\d+ +[\\d.]+ +[\\d.]+$`, 'm'));
    expect(stdout).toContain('confidence   verdicts  stated  observed');
    expect(lines[lines.length - 1]).toMatch(
      /^RESULT eval-fake precision=[\d.]+ recall=[\d.]+ min_seed_precision=[\d.]+ min_seed_recall=[\d.]+ min_shape_recall=[\d.]+ min_loso_recall=[\d.]+ max_false_alarm=[\d.]+ insufficient=[\d.]+ fake_reads_median_rel_err=[\d.]+ seeds=12345 articles=\d+ fake_articles=\d+$/,
    );
  });
});
