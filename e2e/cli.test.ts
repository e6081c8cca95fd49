import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChdbStore } from '../clickhouse/chdb-store';
import { REPO_ROOT } from '../platform/platform';
import { SMALL_WORLD, spawnPlatform, tempDir } from './harness';

/** The program as an OS process: bad configuration exits with one clear line; SIGTERM loses nothing. */

async function failsWithOneLine(env: Record<string, string>, args: string[] = []) {
  const p = spawnPlatform({ ...SMALL_WORLD, DATA_DIR: tempDir('cli'), ...env }, args);
  const code = await p.exit;
  const err = p.stderr().trim();
  expect(code).toBe(2);
  expect(err.split('\n')).toHaveLength(1);
  expect(err).not.toMatch(/\bat .*\.ts:\d+/);
  return err;
}

describe('start-up configuration errors', () => {
  it('names a bad PORT', async () => {
    expect(await failsWithOneLine({ PORT: 'abc' })).toMatch(
      /^配置错误.*PORT="abc" 无效：必须是 0–65535 的整数$/,
    );
  });

  it('names every bad variable at once', async () => {
    const err = await failsWithOneLine({ PORT: '70000', CRAWL_DAYS: '0', LOG_LEVEL: 'loud' });
    expect(err).toMatch(/PORT/);
    expect(err).toMatch(/CRAWL_DAYS/);
    expect(err).toMatch(/LOG_LEVEL/);
  });

  it('rejects a DATABASE_URL that is not a postgres URL without echoing it', async () => {
    const err = await failsWithOneLine({ DATABASE_URL: 'mysql://root:secret@db/x' });
    expect(err).toMatch(/DATABASE_URL=\(已隐藏\) 无效/);
    expect(err).not.toContain('secret');
  });

  it('says clearly when PostgreSQL cannot be reached', async () => {
    const err = await failsWithOneLine({ DATABASE_URL: 'postgres://postgres:pw@127.0.0.1:1/nowhere' });
    expect(err).toMatch(/^无法连接 PostgreSQL \(DATABASE_URL=postgres:\/\/127\.0\.0\.1:1\/nowhere\)/);
    expect(err).not.toContain('pw');
  });

  it('refuses an unknown role and the roles that need a shared bus', async () => {
    expect(await failsWithOneLine({}, ['bogus'])).toMatch(/ROLE="bogus" 无效/);
    expect(await failsWithOneLine({ ROLE: 'collector' })).toMatch(
      /ROLE=collector 需要跨进程的消息总线：请设置 KAFKA_BROKERS/,
    );
    expect(await failsWithOneLine({ ROLE: 'api,stream' })).toMatch(/ROLE=api,stream 需要跨进程的消息总线/);
  });

  it('refuses a production-looking start that keeps a demo stand-in (DEMO_MODE)', async () => {
    expect(await failsWithOneLine({ PUBLIC_URL: 'https://gzh.example.com' })).toMatch(
      /^配置错误 \(configuration error\): 检测到生产配置（PUBLIC_URL=https:\/\/gzh\.example\.com），但以下演示替身仍会运行：沙箱收银台.*请补全配置，或设置 DEMO_MODE=on 明确以演示模式运行$/,
    );
  });

  it('says when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      expect(await failsWithOneLine({ PORT: String(port) })).toMatch(new RegExp(`端口 ${port} 已被占用`));
    } finally {
      blocker.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('drains everything the bus accepted into ClickHouse when stopped mid-crawl', async () => {
    const dataDir = tempDir('sigterm');
    // A larger world and one request at a time, so SIGTERM lands while the first crawl is running.
    const p = spawnPlatform({
      ...SMALL_WORLD,
      SIM_ACCOUNTS: '400',
      CRAWL_CONCURRENCY: '1',
      LOG_LEVEL: 'debug',
      DATA_DIR: dataDir,
    });
    await p.url;
    // Nothing configured: demo mode, and the log says which stand-ins run.
    expect(p.stdout()).toMatch(
      /"standIns":\["微信扫码确认页","QQ 登录确认页","沙箱收银台","控制台短信",.*"msg":"演示模式/,
    );
    // Mid-crawl: once the first account's articles are on the bus, long before the round of 400 ends.
    await p.line(/"articles":[1-9][^\n]*"msg":"account crawled"/);
    p.child.kill('SIGTERM');
    expect(await p.exit).toBe(0);
    const stopped = p
      .stdout()
      .split('\n')
      .filter((l) => l.includes('"collector stopped"'))
      .map((l) => JSON.parse(l) as { published: { accounts: number; articles: number; snapshots: number } });
    expect(stopped).toHaveLength(1);
    const published = stopped[0]?.published;
    expect(published?.articles).toBeGreaterThan(0);
    expect(p.stdout()).not.toContain('crawl round finished');

    const store = new ChdbStore(path.join(dataDir, 'clickhouse'));
    try {
      const [row] = await store.query<{ accounts: string; articles: string; snapshots: string }>(
        `SELECT (SELECT count() FROM accounts FINAL) AS accounts, (SELECT count() FROM articles FINAL) AS articles,
                (SELECT count() FROM article_snapshots FINAL) AS snapshots`,
      );
      expect(Number(row?.accounts)).toBe(published?.accounts);
      expect(Number(row?.articles)).toBe(published?.articles);
      expect(Number(row?.snapshots)).toBe(published?.snapshots);
    } finally {
      await store.close();
    }

    // The data team's read-only query command on the same store.
    const ch = (sql: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/ch.ts'), sql], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const ok = ch('SELECT count() AS articles FROM articles FINAL');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`│ ${published?.articles} +│`));
    const refused = ch('DROP TABLE articles');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/查询失败.*readonly/);
  });
});
