import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../e2e/app-harness';
import { tempDir } from '../e2e/harness';
import { responseRefusal } from '../e2e/members-harness';
import { DASHBOARD_CSP, jsonDepth, MAX_JSON_DEPTH } from './http-guards';

/**
 * Security headers on every answer (the dashboard's CSP on its pages), CORS only for the configured origins,
 * deep JSON refused before a handler parses it, a body's __proto__ ignored, a malformed path answered 400.
 */

const ALLOWED = 'https://partner.example.com';
let app: Hono;
let close: () => Promise<void>;

beforeAll(async () => {
  const dist = path.join(tempDir('guards-dist'), 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  ({ app, close } = await openTestApp('http-guards', Date.parse('2026-11-01T12:00:00+08:00'), {
    dashboardDir: dist,
    http: { corsOrigins: [ALLOWED], https: true },
  }));
});
afterAll(async () => close?.());

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe('security headers', () => {
  it('are on every answer: API, errors, health, the dashboard and short links', async () => {
    for (const [url, status] of [
      ['/fbmain/system/v1/info', 200],
      ['/fbmain/no/such/call', 404],
      ['/fbmain/search/v1/mp_detail?mId=abc', 200],
      ['/health', 200],
      ['/main/appsearch/index', 200],
      ['/t/nosuchcode', 404],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      const h = res.headers;
      expect(h.get('x-content-type-options'), url).toBe('nosniff');
      expect(h.get('x-frame-options'), url).toBe('DENY');
      expect(h.get('referrer-policy'), url).toBe('same-origin');
      expect(h.get('strict-transport-security'), url).toContain('max-age=');
      expect(h.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
    }
  });

  it("the dashboard's pages run only our own scripts", async () => {
    const res = await get('/main/appsearch/detail?mid=1');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('a malformed escape in a dashboard path is a bad request, not a server error', async () => {
    const res = await get('/main/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('CORS', () => {
  it('grants a configured origin, preflight and call', async () => {
    const pre = await app.request('/fbmain/search/v1/key_search', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(pre.headers.get('access-control-allow-headers')).toContain('accessToken');
    const res = await get('/fbmain/system/v1/info', { origin: ALLOWED });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('gives any other origin no access: preflight refused in Chinese, answers without CORS headers', async () => {
    for (const origin of [
      'https://evil.example.com',
      'null',
      `${ALLOWED}.evil.com`,
      'http://partner.example.com',
    ]) {
      const pre = await app.request('/fbmain/search/v1/key_search', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.status, origin).toBe(403);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(((await pre.json()) as { msg: string }).msg).toBe('该来源不允许跨域访问');
      const res = await get('/fbmain/system/v1/info', { origin });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

describe('request bodies', () => {
  const postJson = (url: string, body: string) =>
    app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels, before any handler`, async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const url of ['/fbmain/search/v1/key_search', '/fbmain/account/v1/login', '/fbmain/no/such/call']) {
      const res = await postJson(url, deep);
      expect(await responseRefusal(res), url).toBe(40000);
      expect(await res.json()).toEqual({
        error_code: 40000,
        msg: `参数错误：请求体 JSON 嵌套超过 ${MAX_JSON_DEPTH} 层`,
      });
    }
    // Shallow JSON still reaches the handler, which reads the same body.
    const res = await postJson('/fbmain/search/v1/key_search', JSON.stringify({ kw: '', num: 5 }));
    expect(res.status).toBe(200);
  });

  it('ignores a body’s __proto__: it cannot supply fields the schema checks', async () => {
    const res = await postJson('/fbmain/search/v1/search_by_name', '{"__proto__": {"name": "科技"}}');
    expect(await responseRefusal(res)).toBe(40000);
    expect(((await res.json()) as { msg: string }).msg).toContain('参数错误');
  });

  it('counts the depth of any JSON value exactly, brackets inside strings aside', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depthOf))
        : 0;
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
      { numRuns: 500 },
    );
  });
});
