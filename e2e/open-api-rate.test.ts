import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from '../platform/rate-limiter';
import { type Client, signUp } from './members-harness';
import { openServedApp } from './served-app';

/**
 * The open API's per-key rate limit on the served app: over the limit a call answers 429 in the documented envelope
 * with Retry-After, charges nothing, and other keys go on; the counters are in Redis when one answers (as with
 * REDIS_URL), so every api replica counts into them.
 */

const NOW = Date.parse('2026-11-01T21:30:00+08:00');
const PER_MINUTE = 3;
let limiter: RateLimiter;
let app: Awaited<ReturnType<typeof openServedApp>>;
let a: Client;
let b: Client;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  // A fixed clock for the window, so the test never straddles a minute boundary.
  const now = () => NOW;
  limiter = await RedisRateLimiter.connect(
    process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    `gzh:test:openapi:${process.pid}:${Date.now()}:`,
    now,
  ).catch(() => new MemoryRateLimiter(now));
  console.log(`[open-api rate test] counters in ${limiter.kind}`);
  app = await openServedApp('open-api-rate', NOW, {}, { openApiLimit: { limiter, perMinute: PER_MINUTE } });
  a = await signUp(app.base);
  b = await signUp(app.base);
  keyA = (await a.post('/fbmain/api/v1/api_keys', { name: 'a' })).body.data.key;
  keyB = (await b.post('/fbmain/api/v1/api_keys', { name: 'b' })).body.data.key;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await limiter?.close();
});

const open = (path: string, key: string) =>
  fetch(`${app.base}/fbmain/openapi/v1${path}`, { headers: { 'X-Api-Key': key } });
const remaining = async (c: Client) =>
  (await c.get('/fbmain/account/v1/user_remaining_amount')).body.data.remaining as number;

describe('the open API rate limit per key', () => {
  it('answers 429 past the limit with Retry-After, charges nothing, and leaves other keys alone', async () => {
    const before = await remaining(a);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) {
      const r = await open('/search?kw=%E7%A7%91%E6%8A%80', keyA);
      statuses.push(r.status);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(PER_MINUTE));
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 1 - i));
    }
    // The search finds nothing in this empty store (404, refunded) or something (200): either way it was let through.
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    const charged = before - (await remaining(a));

    const over = await open('/search?kw=%E7%A7%91%E6%8A%80', keyA);
    expect(over.status).toBe(429);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await over.json()).toEqual({
      error_code: 42900,
      msg: `调用过于频繁：每个密钥每分钟最多 ${PER_MINUTE} 次，请 ${retry} 秒后再试`,
    });
    // Nothing charged for the refused call, and the free balance call is limited too.
    expect(before - (await remaining(a))).toBe(charged);
    expect((await open('/balance', keyA)).status).toBe(429);

    // Another member's key has its own count.
    const other = await open('/balance', keyB);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe(String(PER_MINUTE - 1));
  });

  it('documents the 429 answer on every operation', async () => {
    const doc = (await (await fetch(`${app.base}/fbmain/openapi/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) expect(Object.keys(op.responses)).toContain('429');
  });
});
