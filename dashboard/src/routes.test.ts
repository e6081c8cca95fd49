import { describe, expect, it } from 'vitest';
import { appRoutes, findRoute, HOME_ROUTE } from './routes';
import { SPEC_PATHS, SPEC_ROUTES } from './spec-routes';

// The route table against spec §2: every route the spec names is served by its own entry, with head metadata.
describe('the route table', () => {
  it('serves every route of spec §2', () => {
    const served = new Set(appRoutes.map((r) => r.path));
    expect(SPEC_PATHS.filter((p) => !served.has(p))).toEqual([]);
    expect(SPEC_PATHS.length).toBe(new Set(SPEC_PATHS).size);
    expect(SPEC_ROUTES.length).toBeGreaterThan(20);
  });

  it('lists each path once, with a Chinese title, keywords and description', () => {
    const paths = appRoutes.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
    for (const r of appRoutes) {
      expect(r.title, r.path).toMatch(/[\u4e00-\u9fff]/);
      expect(r.title, r.path).toContain('公众号数据平台');
      expect(r.keywords.length, r.path).toBeGreaterThan(4);
      expect(r.description, r.path).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('sends an unknown path to the home page, and a known one to its own entry', () => {
    expect(findRoute('/no/such/page')).toBe(HOME_ROUTE);
    for (const p of SPEC_PATHS) expect(findRoute(p).path).toBe(p);
  });
});
