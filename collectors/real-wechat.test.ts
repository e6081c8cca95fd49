import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOriginal } from '../core/copyright';
import { parseArticlePage } from './article-parser';
import { readAppmsgext, readAppmsgpublish, readListEx, readSearchbiz } from './upstream-readers';

/**
 * Conformance over real pages and answers saved from WeChat (REAL_WECHAT_DIR, default ../shared/real-wechat next to
 * the repository, or next to the local repository this one was cloned from, as CI's fresh clones are): every
 * `*.expect.json` says what a person read off its file, and each must hold. The corpus is not part of the
 * repository; without it the suite is skipped, and says so.
 */
const root = path.resolve(import.meta.dirname, '..');
const CORPUS = '../shared/real-wechat';
function corpusDir(): string {
  if (process.env.REAL_WECHAT_DIR) return path.resolve(root, process.env.REAL_WECHAT_DIR);
  const beside = path.resolve(root, CORPUS);
  if (existsSync(beside)) return beside;
  const origin = spawnSync('git', ['-C', root, 'config', '--get', 'remote.origin.url'], {
    encoding: 'utf8',
  }).stdout?.trim();
  return origin && path.isAbsolute(origin) ? path.resolve(origin, CORPUS) : beside;
}
const dir = corpusDir();
const present = existsSync(path.join(dir, 'pages')) || existsSync(path.join(dir, 'answers'));
if (!present)
  console.log(`real-wechat conformance skipped: no corpus at ${dir} (set REAL_WECHAT_DIR to run it)`);

const expectations = (sub: string) =>
  present && existsSync(path.join(dir, sub))
    ? readdirSync(path.join(dir, sub))
        .filter((f) => f.endsWith('.expect.json'))
        .sort()
        .map((f) => ({
          name: f.replace(/\.expect\.json$/, ''),
          expect: JSON.parse(readFileSync(path.join(dir, sub, f), 'utf8')) as Record<string, unknown>,
        }))
    : [];

/** Every string and number in a value, however deep. */
function leaves(v: unknown, out: { strings: Set<string>; numbers: Set<number> }) {
  if (typeof v === 'string') out.strings.add(v);
  else if (typeof v === 'number') out.numbers.add(v);
  else if (Array.isArray(v)) for (const x of v) leaves(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) leaves(x, out);
  return out;
}

interface PageExpect {
  values?: string[];
  numbers?: number[];
  times?: number[];
  original?: boolean;
  body_contains?: string;
}

describe.skipIf(!present)(`real WeChat pages (${dir}/pages)`, () => {
  for (const { name, expect: e } of expectations('pages')) {
    it(`reads ${name} as a person read it`, () => {
      const x = e as PageExpect;
      const html = readFileSync(path.join(dir, 'pages', `${name}.html`), 'utf8');
      const started = performance.now();
      const a = parseArticlePage(html);
      const ms = performance.now() - started;
      expect(a.ok).toBe(true);
      const got = leaves(a, { strings: new Set(), numbers: new Set() });
      // A value is some field's whole value, as text (ids such as mid are numbers in the output).
      const texts = new Set([...got.strings, ...[...got.numbers].map(String)]);
      for (const s of x.values ?? []) expect(texts, `value ${s}`).toContain(s);
      for (const n of x.numbers ?? []) expect(got.numbers, `number ${n}`).toContain(n);
      for (const t of x.times ?? []) expect(a.pubtime, `time ${t}`).toBe(t);
      if (x.original !== undefined) expect(isOriginal(a.copyright_stat), 'original').toBe(x.original);
      if (x.body_contains) expect(a.content).toContain(x.body_contains);
      // Generous under a loaded CI machine; the target (≤ 200 ms for 4 MB) is measured in article-parser.test.ts.
      expect(ms).toBeLessThan(2000);
    });
  }
});

type Reader = 'searchbiz' | 'list_ex' | 'appmsgpublish' | 'getappmsgext';
interface AnswerExpect {
  reader: Reader;
  biz?: string;
  expect: Record<string, unknown>;
}

/** Runs one reader on an answer: its result, or the error's kind. */
function read(x: AnswerExpect, answer: unknown): { value?: unknown; error?: { kind: string } } {
  try {
    if (x.reader === 'searchbiz') return { value: readSearchbiz(answer) };
    if (x.reader === 'list_ex') return { value: readListEx(answer, x.biz ?? '') };
    if (x.reader === 'appmsgpublish') return { value: readAppmsgpublish(answer, x.biz ?? '') };
    if (x.reader === 'getappmsgext') return { value: readAppmsgext(answer) };
    throw new Error(`no reader ${x.reader}`);
  } catch (e) {
    const kind = (e as { kind?: string }).kind;
    if (!kind) throw e;
    return { error: { kind } };
  }
}

describe.skipIf(!present)(`real WeChat answers (${dir}/answers)`, () => {
  for (const { name, expect: e } of expectations('answers')) {
    it(`reads ${name} as a person read it`, () => {
      const x = e as unknown as AnswerExpect;
      const answer = JSON.parse(readFileSync(path.join(dir, 'answers', `${name}.json`), 'utf8')) as unknown;
      const r = read(x, answer);
      const throws = x.expect.throws as string[] | undefined;
      if (throws) {
        expect(r.error?.kind, 'error kind').toBeDefined();
        expect(throws).toContain(r.error?.kind);
        return;
      }
      expect(r.error, `refused: ${JSON.stringify(r.error)}`).toBeUndefined();
      expect(r.value).toMatchObject(x.expect);
    });
  }
});
