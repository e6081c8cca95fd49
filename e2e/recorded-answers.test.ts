import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { differences, normalise, type Recording, runCalls } from './recorded-answers';

/**
 * Every /fbmain answer of the recorded set (e2e/recorded-answers.ts) is byte-identical to the recording made before
 * the serving half was restructured, but for the places the recording found volatile. A change that means to alter
 * an answer re-records it (`npm run record:answers`) and shows the difference in its commit.
 */
const recording: Recording = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'recorded/fbmain-answers.json'), 'utf8'),
);

describe('the recorded /fbmain answers', () => {
  it('answer as recorded', async () => {
    const volatile = new Set(recording.volatile);
    const now = (await runCalls('recorded-answers')).map((a) => normalise(a, volatile));
    expect(now.map((a) => a.call)).toEqual(recording.answers.map((a) => a.call));
    const changed = now.flatMap((a, i) => {
      const was = recording.answers[i];
      if (!was) return [];
      if (a.status !== was.status || a.type !== was.type) return [`${a.call}: ${was.status} → ${a.status}`];
      return differences(was.body, a.body).map(
        (at) =>
          `${a.call} ${at}: ${JSON.stringify(was.body).slice(0, 120)} → ${JSON.stringify(a.body).slice(0, 120)}`,
      );
    });
    expect(changed).toEqual([]);
  }, 240_000);
});
