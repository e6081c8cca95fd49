import { Redis } from 'ioredis';
import type { Logger } from './log';

/** What one request may do now: go on, or wait `retryAfterS`. */
export interface RateDecision {
  allowed: boolean;
  /** Requests left in the current window (0 when refused). */
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterS: number;
}

/**
 * Fixed-window counters: at most `limit` hits per `windowMs` and key. With several api replicas the counters must be
 * shared, so they live in Redis when REDIS_URL is set; in one process a Map does. `cost` counts one request as
 * several hits (a batch of upstream fetches).
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, limit: number, windowMs: number, cost?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  private windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private now: () => number = Date.now) {}

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<RateDecision> {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: Math.floor(now / windowMs) * windowMs + windowMs };
      this.windows.set(key, w);
    }
    w.count += cost;
    return decision(w.count, limit, w.resetAt - now);
  }

  /** Drops ended windows now and then, so the map holds only live keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

// INCRBY and set the window's expiry on its first hit, in one round trip and atomically.
const HIT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;

  private constructor(
    private redis: Redis,
    private prefix: string,
    private now: () => number,
  ) {}

  /** Connects (and fails with a clear error when Redis does not answer). */
  static async connect(
    url: string,
    prefix = 'gzh:rate:',
    now: () => number = Date.now,
    log?: Logger,
  ): Promise<RedisRateLimiter> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
    // ioredis reconnects by itself; say so in our log instead of its "unhandled error event".
    redis.on('error', (e: Error) => log?.warn({ err: e.message }, 'redis (rate limits) error'));
    try {
      await redis.connect();
      await redis.ping();
    } catch (e) {
      redis.disconnect();
      throw new Error(`无法连接 Redis (REDIS_URL)：${(e as Error).message}`);
    }
    return new RedisRateLimiter(redis, prefix, now);
  }

  async hit(key: string, limit: number, windowMs: number, cost = 1): Promise<RateDecision> {
    // The window's start is in the key, so every replica counts into the same window.
    const start = Math.floor(this.now() / windowMs) * windowMs;
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      `${this.prefix}${key}:${start}`,
      windowMs,
      cost,
    )) as [number, number];
    return decision(count, limit, ttl > 0 ? ttl : windowMs);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function decision(count: number, limit: number, msLeft: number): RateDecision {
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterS: Math.max(1, Math.ceil(msLeft / 1000)),
  };
}

/** Redis when a URL is given, else in-process. A Redis that fails later fails the request open, loudly. */
export async function openRateLimiter(redisUrl: string | undefined, log: Logger): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter();
  const limiter = await RedisRateLimiter.connect(redisUrl, undefined, undefined, log);
  log.info({ kind: 'redis' }, 'rate limits shared through Redis');
  return limiter;
}
