import { describe, expect, it } from 'vitest';
import { CALLS } from '../contract';
import { ACCESS } from './access-matrix';
import { CONTRACT } from './contract';
import { contractReport, routesOnlyApp, servedRoutes } from './contract-report';

const app = routesOnlyApp();

describe('the /fbmain contract table (api/contract.ts)', () => {
  const { rows, unlisted } = contractReport(app);

  it('lists every /fbmain route the app serves (a §7 call or a named platform route)', () => {
    expect(unlisted).toEqual([]);
  });

  it('serves each listed call with the spec’s methods, and a test calls it', () => {
    const gaps = rows
      .filter((r) => r.served.length > 0 && !r.covered)
      .map((r) => `${r.path}: ${r.tests.length ? '' : 'no test'} ${r.missingMethods.join(',')}`.trim());
    expect(gaps).toEqual([]);
  });

  it('has one row per call', () => {
    const paths = CONTRACT.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('the contract (contract/)', () => {
  const served = servedRoutes(app);
  const declared = CALLS.flatMap((c) => c.methods.map((m) => `${m} ${c.path}`));

  it('declares each served method and path once, and nothing the app does not serve', () => {
    const routes = [...served]
      .filter(([p]) => !p.startsWith('/openapi/'))
      .flatMap(([p, methods]) => [...methods].map((m) => `${m} ${p}`));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(routes.sort());
  });

  it('gates each call as the independent access matrix says', () => {
    const differ = CALLS.flatMap((c) =>
      c.methods
        .filter((m) => ACCESS[`${m} ${c.path}`] !== c.access)
        .map((m) => `${m} ${c.path}: contract ${c.access}, matrix ${ACCESS[`${m} ${c.path}`]}`),
    );
    expect(differ).toEqual([]);
  });

  it('says what each call does in Chinese', () => {
    expect(CALLS.filter((c) => !/[\u4e00-\u9fff]/.test(c.summary)).map((c) => c.path)).toEqual([]);
  });
});
