import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each test file took in a measured full run (written by e2e/timing-reporter.ts). */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, 'test-durations.json');

/**
 * Starts the longest test files first, across all projects, so no long file starts last and runs alone while the
 * other worker idles. A fresh clone has no Vitest cache, and Vitest's own order (project by project, then the larger
 * file first) started the route sweep near the end of the run: the expected times come from the committed
 * test-durations.json, then from Vitest's cache; a file in neither counts as a short one.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = readDurations();
    const root = this.ctx.config.root;
    const expected = (f: TestSpecification) => {
      const rel = path.relative(root, f.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${f.project.name}:${rel}`);
      return committed[rel] ?? (cached ? cached.duration / 1000 : 0);
    };
    return [...files].sort((a, b) => expected(b) - expected(a));
  }
}

export function readDurations(): Record<string, number> {
  if (!existsSync(DURATIONS_FILE)) return {};
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
