import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { realClock } from '../core/clock';
import { createLogger } from '../core/log';
import { createApp } from './app';
import { CONTRACT, type ContractCall, PLATFORM_ROUTES } from './contract';

export interface ContractRow extends ContractCall {
  /** Methods the app serves on the path ([] = not served yet). */
  served: string[];
  /** Spec methods the app does not serve on a served path. */
  missingMethods: string[];
  /** Test files that call the path. */
  tests: string[];
  covered: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', 'test-results']);

function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The /fbmain paths an app serves, with their methods. */
export function servedRoutes(app: Hono): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of app.routes) {
    if (!r.path.startsWith('/fbmain/') || r.method === 'ALL') continue;
    const p = r.path.slice('/fbmain'.length);
    const set = out.get(p) ?? new Set<string>();
    set.add(r.method);
    out.set(p, set);
  }
  return out;
}

/**
 * Each contract call against the app's routes and the tests that name its path's last segment as a URL piece,
 * e.g. `/read_praise_report?` or `/read_praise_report'`.
 */
export function contractReport(app: Hono): { rows: ContractRow[]; unlisted: string[] } {
  const served = servedRoutes(app);
  const sources = testFiles().map((f) => ({ file: path.relative(ROOT, f), text: readFileSync(f, 'utf8') }));
  const rows = CONTRACT.map((c) => {
    const methods = [...(served.get(c.path) ?? [])].sort();
    const last = c.path.split('/').slice(-1)[0] as string;
    const seg =
      c.path.includes('/', 1) && /\/(name|title|time|detail|alipay)$/.test(c.path)
        ? c.path.split('/').slice(-2).join('/')
        : last;
    // The segment as a URL piece: after a slash, and followed by the end of the path (a quote or a query).
    const escaped = seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`/${escaped}(?=[?'"\\x60]|$)`, 'm');
    const tests = sources.filter((s) => re.test(s.text)).map((s) => s.file);
    const missingMethods = methods.length ? c.methods.filter((m) => !methods.includes(m)) : [];
    return {
      ...c,
      served: methods,
      missingMethods,
      tests,
      covered: methods.length > 0 && tests.length > 0 && missingMethods.length === 0,
    };
  });
  const known = new Set([...CONTRACT.map((c) => c.path), ...PLATFORM_ROUTES.map((r) => r.path)]);
  return { rows, unlisted: [...served.keys()].filter((p) => !known.has(p)).sort() };
}

/** The app with placeholder dependencies: enough to list its routes, not to answer them. */
export const routesOnlyApp = (): Hono =>
  createApp({
    store: {} as never,
    db: {} as never,
    members: {} as never,
    log: createLogger('silent'),
    clock: realClock,
    demo: true,
    imageHosts: [],
    lists: {} as never,
    dashboardDir: '/nonexistent',
    readiness: async () => ({ ready: false, checks: {} }),
  });
