import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis tests run where one answers (one runs on the CI machine); elsewhere they say they were skipped. */
async function redisReachable(): Promise<boolean> {
  const u = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    s.setTimeout(1000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}
const haveRedis = (await redisReachable()) || process.env.CI === 'true';
if (!haveRedis) console.warn(`[rate limiter tests] Redis skipped: nothing at ${REDIS_URL}`);

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per window and key, then refuses with the seconds left; a new window starts over', async () => {
    let now = Date.parse('2026-11-23T10:00:10Z');
    const l = new MemoryRateLimiter(() => now);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await l.hit('k', 3, 60_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits.map((h) => h.remaining)).toEqual([2, 1, 0, 0]);
    expect(hits[3]?.retryAfterS).toBe(50);
    expect((await l.hit('other', 3, 60_000)).allowed).toBe(true);
    now += 50_000;
    expect(await l.hit('k', 3, 60_000)).toEqual({ allowed: true, remaining: 2, retryAfterS: 60 });
  });
});

describe.runIf(haveRedis)('RedisRateLimiter on a real Redis', () => {
  const prefix = `gzh:test:${process.pid}:${Date.now()}:`;
  let now = Date.parse('2026-11-23T10:00:10Z');
  const opened: RedisRateLimiter[] = [];
  afterAll(async () => {
    for (const l of opened) await l.close();
  });

  it('shares one count between replicas, per key and window', async () => {
    const a = await RedisRateLimiter.connect(REDIS_URL, prefix, () => now);
    const b = await RedisRateLimiter.connect(REDIS_URL, prefix, () => now);
    opened.push(a, b);
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await (i % 2 ? b : a).hit('key1', 4, 60_000));
    expect(seen.map((s) => s.allowed)).toEqual([true, true, true, true, false]);
    expect(seen[4]?.retryAfterS).toBeGreaterThan(0);
    expect(seen[4]?.retryAfterS).toBeLessThanOrEqual(60);
    expect((await b.hit('key2', 4, 60_000)).remaining).toBe(3);
    // The next window (by the replicas' clock) counts from zero.
    now += 60_000;
    expect(await a.hit('key1', 4, 60_000)).toMatchObject({ allowed: true, remaining: 3 });
  });

  it('refuses to start with a clear message when Redis does not answer', async () => {
    await expect(RedisRateLimiter.connect('redis://127.0.0.1:1')).rejects.toThrow(
      /无法连接 Redis \(REDIS_URL\)/,
    );
  });
});
