import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../core/config';
import { createLogger } from '../core/log';
import { DEMO_CHAINS, REAL_CHAINS } from '../core/source-chains';
import { tempDir } from '../e2e/harness';
import { type MemberDb, openMemberDb } from '../postgres/db';
import { migrateMemberDb } from '../postgres/migrate';
import { PgSourceChainStore } from './source-chain';
import { chainsInForce } from './source-wiring';

let db: MemberDb;
let store: PgSourceChainStore;
beforeAll(async () => {
  db = await openMemberDb({ dataDir: tempDir('source-chains-pg') });
  await migrateMemberDb(db, createLogger('silent'));
  store = new PgSourceChainStore(db);
});
afterAll(async () => {
  await db.close();
});

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('the source chains a collector follows', () => {
  it('refuses a malformed SOURCE_CHAINS at start-up in one Chinese line', () => {
    expect(refusal({ SOURCE_CHAINS: 'lists=weread,rss' })).toMatch(
      /SOURCE_CHAINS="lists=weread,rss" 无效：未知的数据来源 rss（可用：mp, client, weread, paid）/,
    );
    expect(refusal({ SOURCE_CHAINS: 'posts=mp' })).toMatch(/来源链格式应为 能力=来源,来源/);
    expect(refusal({ SOURCE_CHAINS: 'lists=' })).toMatch(/能力 lists 至少需要一个来源/);
    expect(refusal({ WEREAD_IP_DAILY_BUDGET: '-1' })).toMatch(/WEREAD_IP_DAILY_BUDGET="-1" 无效/);
  });

  it('starts real deployments on the sources that still work, the demo on the back office', async () => {
    expect(await chainsInForce(loadConfig({}), store)).toEqual(DEMO_CHAINS);
    const real = await chainsInForce(loadConfig({ UPSTREAM_CREDENTIALS: 'db' }), store);
    expect(real).toEqual(REAL_CHAINS);
    // The back office's lists answer 200013 for other accounts since 2026-07: never first with real credentials.
    expect(real.lists[0]).not.toBe('mp');
    expect((await chainsInForce(loadConfig({ UPSTREAM_LIST_API: 'weread' }), store)).lists).toEqual([
      'weread',
    ]);
  });

  it('takes SOURCE_CHAINS over the default and an admin-set chain over both', async () => {
    const config = loadConfig({ UPSTREAM_CREDENTIALS: 'db', SOURCE_CHAINS: 'lists=paid,mp; counts=paid' });
    expect(await chainsInForce(config, store)).toMatchObject({ lists: ['paid', 'mp'], counts: ['paid'] });
    await store.set('lists', ['weread', 'paid']);
    expect(await chainsInForce(config, store)).toMatchObject({
      lists: ['weread', 'paid'],
      counts: ['paid'],
      search: REAL_CHAINS.search,
    });
    // A row naming a source this version does not know is passed over rather than stopping the collector.
    await db.query(`INSERT INTO source_chains (capability, chain) VALUES ('counts', ARRAY['rss'])`);
    expect((await chainsInForce(config, store)).counts).toEqual(['paid']);
    await db.query('DELETE FROM source_chains');
  });
});
