import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { DURATIONS_FILE, readDurations } from './longest-first';

/**
 * After a run, prints the slowest test files (import plus tests and hooks) and writes every file's timing to
 * `test-results/timings.json` (or TEST_TIMINGS_FILE), so the next slow file is visible without reading the whole log.
 * With TEST_DURATIONS_UPDATE=1 it also records this run's times in e2e/test-durations.json, the order in which
 * e2e/longest-first.ts starts the files (files not run keep their entry, deleted files lose theirs).
 */
export default class TimingReporter implements Reporter {
  private started = Date.now();

  onTestRunStart(): void {
    this.started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        return {
          file: m.relativeModuleId,
          project: m.project.name,
          seconds: round((d.collectDuration + d.setupDuration + d.duration) / 1000),
          tests: [...m.children.allTests()].length,
          state: m.state(),
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (rows.length === 0) return;
    const total = round(rows.reduce((s, r) => s + r.seconds, 0));
    const wall = round((Date.now() - this.started) / 1000);
    const out = process.env.TEST_TIMINGS_FILE ?? path.resolve('test-results/timings.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify({ wall_seconds: wall, file_seconds: total, files: rows }, null, 2)}\n`,
    );
    if (process.env.TEST_DURATIONS_UPDATE === '1') {
      const merged: Record<string, number> = {};
      for (const [file, seconds] of Object.entries(readDurations()))
        if (existsSync(path.resolve(file))) merged[file] = seconds;
      for (const r of rows) if (r.state === 'passed') merged[r.file] = Math.round(r.seconds);
      const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    }
    const top = rows.slice(0, 12);
    const width = Math.max(...top.map((r) => r.file.length));
    const lines = top.map(
      (r) =>
        `  ${r.file.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(3)} tests  [${r.project || 'default'}]`,
    );
    console.log(
      `\nslowest test files (of ${rows.length}; ${total.toFixed(0)} s of file time in ${wall.toFixed(0)} s wall; all in ${path.relative(process.cwd(), out)}):\n${lines.join('\n')}\n`,
    );
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
