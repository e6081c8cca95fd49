import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../core/config';

describe('collector settings', () => {
  it('has defaults that run against the built-in simulator', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      CRAWL_INACTIVE_EVERY: 4,
      COLLECTOR_SHARD: '0/1',
      shard: { index: 0, count: 1 },
      UPSTREAM_CREDENTIALS: 'none',
      UPSTREAM_LIST_API: 'publish',
      UPSTREAM_COUNTS: 'getappmsgext',
      UPSTREAM_RATE_PER_CREDENTIAL: 0,
      UPSTREAM_COOLDOWN_S: 900,
      MONITOR_LEASE_S: 90,
      CRAWL_PAGES: true,
    });
    // Unset: page fetches reach as far back as the first round (CRAWL_DAYS).
    expect(c.CRAWL_PAGE_DAYS).toBeUndefined();
    expect(loadConfig({ CRAWL_PAGES: '0', CRAWL_PAGE_DAYS: '3' })).toMatchObject({
      CRAWL_PAGES: false,
      CRAWL_PAGE_DAYS: 3,
    });
    expect(c.COLLECTOR_NAME.length).toBeGreaterThan(0);
  });

  it('reads a shard and names every bad collector setting in one line', () => {
    expect(loadConfig({ COLLECTOR_SHARD: '2/4' }).shard).toEqual({ index: 2, count: 4 });
    const err = (() => {
      try {
        loadConfig({
          COLLECTOR_SHARD: '4/4',
          UPSTREAM_LIST_API: 'rss',
          UPSTREAM_CREDENTIALS: 'file',
          CRAWL_PAGES: 'yes',
          CRAWL_PAGE_DAYS: '0',
        });
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err?.message).toMatch(/COLLECTOR_SHARD="4\/4" 无效：必须是 i\/N 形式/);
    expect(err?.message).toMatch(/UPSTREAM_LIST_API="rss" 无效/);
    expect(err?.message).toMatch(/UPSTREAM_CREDENTIALS="file" 无效/);
    expect(err?.message).toMatch(/CRAWL_PAGES="yes" 无效：必须是 0 或 1/);
    expect(err?.message).toMatch(/CRAWL_PAGE_DAYS="0" 无效：必须是 1–3650 的整数/);
  });
});
