import { describe, expect, it } from 'vitest';
import { CONTRACT } from './contract';
import { contractReport, routesOnlyApp } from './contract-report';

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
