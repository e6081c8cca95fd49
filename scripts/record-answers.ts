import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { record } from '../e2e/recorded-answers';

/**
 * `npm run record:answers`: records every /fbmain answer of today's code (e2e/recorded-answers.ts) into
 * e2e/recorded/fbmain-answers.json, before a change that must not alter them.
 */
const file = path.resolve(import.meta.dirname, '../e2e/recorded/fbmain-answers.json');
const recording = await record();
writeFileSync(file, `${JSON.stringify(recording, null, 1)}\n`);
console.log(
  `recorded ${recording.answers.length} answers, ${recording.volatile.length} volatile places → ${path.relative(process.cwd(), file)}`,
);
process.exit(0);
