import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dashboard's feature boundaries (docs/architecture.md): dashboard/src/features/<domain>/ holds one domain's
 * pages, components and hooks. Another feature reaches it only through its index.ts; the shared parts
 * (components/, lib/, api/, auth/) reach no feature at all. Only the files at dashboard/src's top (the route table,
 * the app root) may load a feature's pages directly, lazily.
 */
const SRC = path.resolve(import.meta.dirname, '../dashboard/src');
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every relative import in dashboard/src: [importer, imported], both relative to dashboard/src. */
function imports(): [string, string][] {
  return sources().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(
      (m) =>
        [path.relative(SRC, file), path.relative(SRC, path.resolve(path.dirname(file), m[1] as string))] as [
          string,
          string,
        ],
    ),
  );
}

/** The feature a dashboard path lies in, if any. */
function featureOf(p: string): string | undefined {
  const [top, name] = p.split('/');
  return top === 'features' ? name : undefined;
}

/** A feature's public face: its folder or its index.ts. */
const isIndex = (p: string) => /^features\/[^/]+(?:\/index(?:\.ts)?)?$/.test(p);

/** The imports that cross a boundary, as `importer → imported`. */
function boundaryViolations(edges: [string, string][]): string[] {
  return edges
    .filter(([from, to]) => {
      const target = featureOf(to);
      if (!target) return false;
      const source = featureOf(from);
      if (source === target) return false;
      // dashboard/src's own top files compose the app from the features' pages
      if (!from.includes('/')) return false;
      // a shared part (components/, lib/, api/, auth/) must not depend on any feature
      if (!source) return true;
      return !isIndex(to);
    })
    .map(([from, to]) => `${from} → ${to}`);
}

describe('the dashboard features', () => {
  const all = imports();

  it('import one another only through index.ts, and shared parts import none', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(boundaryViolations(all)).toEqual([]);
  });

  it('refuses a deliberate violation of each kind', () => {
    expect(
      boundaryViolations([
        ['features/backfill/pages/BackfillPage.tsx', 'features/account/hooks/detail-queries'],
        ['components/gates/LevelLimit.tsx', 'features/account'],
        ['features/tools/pages/ReadPage.tsx', 'features/report/components/ReportTable'],
      ]),
    ).toEqual([
      'features/backfill/pages/BackfillPage.tsx → features/account/hooks/detail-queries',
      'components/gates/LevelLimit.tsx → features/account',
      'features/tools/pages/ReadPage.tsx → features/report/components/ReportTable',
    ]);
    expect(
      boundaryViolations([
        ['features/backfill/pages/BackfillPage.tsx', 'features/account'],
        ['features/backfill/pages/BackfillPage.tsx', 'features/account/index'],
        ['features/account/components/HistoryTab.tsx', 'features/account/hooks/detail-queries'],
        ['routes.tsx', 'features/account/pages/AccountDetailPage'],
      ]),
    ).toEqual([]);
  });

  it('finds a real violation written into a feature file', () => {
    const file = 'features/monitor/pages/MonitorNewPage.tsx';
    const text = `import { x } from '../../account/components/MonitorModal';`;
    const edges = [...text.matchAll(IMPORT)].map(
      (m) => [file, path.join(path.dirname(file), m[1] as string)] as [string, string],
    );
    expect(boundaryViolations(edges)).toEqual([`${file} → features/account/components/MonitorModal`]);
  });

  it('has an index.ts for every feature another one uses', () => {
    const used = new Set(
      all
        .filter(([from, to]) => featureOf(from) && featureOf(from) !== featureOf(to))
        .map(([, to]) => featureOf(to)),
    );
    expect(used.size).toBeGreaterThan(3);
    for (const f of used) if (f) expect(readdirSync(path.join(SRC, 'features', f)), f).toContain('index.ts');
  });
});
