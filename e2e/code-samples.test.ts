import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMS, type ProgramSample } from '../dashboard/src/features/apiservice/samples';
import { javaQ } from '../dashboard/src/features/apiservice/samples/literal';
import type { Platform } from '../platform/platform';
import { startInProcess, tempDir, waitReady } from './harness';
import { type Client, signUp } from './members-harness';

/**
 * The code samples of /pythonDemo, /phpDemo, /cDemo and /javaDemo, run AS WRITTEN: the same module the pages use
 * writes each program with a running platform's origin and a member's real key; the language's own tools run it
 * (python3; php; gcc + the binary; java Demo.java); its output must show the accounts, articles and balance the
 * open API answers, and each run must be charged (search 1 + articles 1; balance free).
 * A missing tool fails the test with the command to install it (CI runs `npm run test:setup` first).
 */

type Json = any;
const run = promisify(execFile);

let platform: Platform;
let base: string;
let member: Client;
let key: string;
let keyword: string;
let first: Json;
let newest: Json;

const balance = async () =>
  (await member.get('/fbmain/account/v1/user_remaining_amount')).body.data.api_balance as number;

async function open(pathAndQuery: string): Promise<Json> {
  const r = await fetch(`${base}/fbmain/openapi/v1${pathAndQuery}`, { headers: { 'X-Api-Key': key } });
  const body = (await r.json()) as Json;
  if (r.status !== 200) throw new Error(`${pathAndQuery}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The tools each sample needs, checked before running it. */
const TOOLS: Record<ProgramSample['key'], string[]> = {
  python: ['python3'],
  php: ['php'],
  c: ['gcc'],
  java: ['java'],
};

async function requireTool(tool: string): Promise<void> {
  try {
    await run('sh', ['-c', `command -v ${tool}`]);
  } catch {
    throw new Error(`${tool} is not installed: run \`npm run test:setup\` (scripts/test-setup.sh) first`);
  }
}

async function runProgram(p: ProgramSample, dir: string): Promise<string> {
  for (const t of TOOLS[p.key]) await requireTool(t);
  if (p.key === 'php') {
    const mods = (await run('php', ['-m'])).stdout;
    if (!/^curl$/m.test(mods))
      throw new Error('php has no curl extension: install php-curl (npm run test:setup)');
  }
  const opts = { cwd: dir, timeout: 120_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } };
  switch (p.key) {
    case 'python':
      return (await run('python3', [p.filename], opts)).stdout;
    case 'php':
      return (await run('php', [p.filename], opts)).stdout;
    case 'c':
      await run('gcc', [p.filename, '-o', 'demo', '-lcurl'], opts).catch((e) => {
        throw new Error(`gcc failed (libcurl4-openssl-dev installed? npm run test:setup): ${e.stderr ?? e}`);
      });
      return (await run('./demo', [], opts)).stdout;
    case 'java':
      return (await run('java', [p.filename], opts)).stdout;
  }
}

beforeAll(async () => {
  platform = await startInProcess();
  base = platform.url as string;
  await waitReady(base);
  member = await signUp(base);
  key = (await member.post('/fbmain/api/v1/api_keys', { name: '代码示例测试' })).body.data.key;
  // The keyword is a collected account's full name, so the search finds it; what the programs must print is read
  // from the open API itself first.
  const hot = (await (await fetch(`${base}/fbmain/main/v1/today_hot?num=5`)).json()) as Json;
  keyword = hot.data.article_list[0].mp_name;
  const found = await open(`/search?num=5&kw=${encodeURIComponent(keyword)}`);
  first = found.accounts[0];
  const history = await open(`/articles?num=5&mid=${first.mid}`);
  newest = history.articles[0];
  expect(newest).toBeDefined();
}, 180_000);

afterAll(async () => {
  await platform?.stop();
});

describe('code samples run as written against the open API', () => {
  it('every program embeds the origin, the key and the keyword', () => {
    for (const p of PROGRAMS) {
      // Java's literals carry non-ASCII characters as \u escapes (the source may be read as ASCII).
      const literal = (s: string) => (p.key === 'java' ? javaQ(s).slice(1, -1) : s);
      const code = p.code({ origin: base, apiKey: key, keyword });
      expect(code).toContain(`${base}/fbmain/openapi/v1`);
      expect(code).toContain(key);
      expect(code).toContain(literal(keyword));
      // Without a key the placeholder is there, never an empty key.
      expect(p.code({ origin: base, apiKey: '', keyword })).toContain(literal('gzh_您的密钥'));
    }
  });

  for (const p of PROGRAMS) {
    it(`${p.label}: ${p.run.filter((c) => !c.includes('关键词')).join(' && ')}`, async () => {
      const dir = tempDir(`sample-${p.key}`);
      writeFileSync(path.join(dir, p.filename), p.code({ origin: base, apiKey: key, keyword }));
      const before = await balance();
      const out = await runProgram(p, dir);
      const after = await balance();
      // search (1) and articles (1) are charged; balance is free.
      expect(before - after, out).toBe(2);
      expect(out).toContain(first.name);
      expect(out).toContain(newest.title);
      if (p.key === 'python' || p.key === 'php') {
        expect(out).toContain(`mid=${first.mid}  ${first.name}`);
        expect(out).toContain(`「${first.name}」的历史文章：`);
        expect(out).toContain(`剩余调用次数：${after}`);
      } else {
        expect(out).toContain(`第一个公众号 mid=${first.mid}`);
        expect(out).toContain('-> HTTP 200');
        expect(out).toContain(`"balance":${after}`);
      }
    }, 180_000);
  }
});
