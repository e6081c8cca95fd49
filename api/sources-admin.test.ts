import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChdbStore } from '../clickhouse/chdb-store';
import { PgCredentialStore } from '../collectors/credentials';
import { PgTierReports } from '../collectors/tier-reports';
import { createLogger } from '../core/log';
import { beijingDay } from '../core/periods';
import { DEMO_CHAINS } from '../core/source-chains';
import { bizOf } from '../core/wechat-ids';
import { ADMIN_PHONE, type Client, signUp } from '../e2e/members-harness';
import { openServedApp } from '../e2e/served-app';
import type { MemberDb } from '../postgres/db';
import { type RunningSimulator, startSimulator } from '../simulator/server';

/** 数据来源与额度 (admin/v1/sources, source_chain, weread_login): what collectors spend, and how admins steer it. */
const NOW = Date.parse('2026-11-01T12:00:00+08:00');
let base: string;
let db: MemberDb;
let store: ChdbStore;
let close: () => Promise<void>;
let sim: RunningSimulator;
let admin: Client;

beforeAll(async () => {
  sim = await startSimulator(
    { seed: 5, accounts: 5, historyDays: 3, now: () => NOW, unlisted: 0, host: '127.0.0.1', port: 0 },
    createLogger('silent'),
  );
  ({ base, db, store, close } = await openServedApp(
    'sources-admin',
    NOW,
    { ADMIN_PHONES: ADMIN_PHONE },
    {
      sources: {
        UPSTREAM_CREDENTIALS: 'db',
        UPSTREAM_LIST_API: 'publish',
        SOURCE_CHAINS: 'counts=paid,client',
        wereadUrl: sim.url,
      },
    },
  ));
  admin = await signUp(base, ADMIN_PHONE);
}, 60_000);
afterAll(async () => {
  await close();
  await sim?.close();
});

describe('the admin’s sources page', () => {
  it('is for admins only', async () => {
    const member = await signUp(base, '13800001111');
    for (const c of [member, new (admin.constructor as typeof Client)(base)]) {
      const r = await c.get('/fbmain/admin/v1/sources');
      expect(r.body.error_code).not.toBe(0);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('shows the chains in force, each pool’s state and budget, egress budgets, paid spend and tiers', async () => {
    const store = new PgCredentialStore(db);
    const reading = await store.add({
      source: 'weread',
      label: '读书 1',
      secret: { cookie: 'wr_skey=a' },
      dailyBudget: 50,
    });
    await store.add({ source: 'weread', label: '读书 2', secret: { cookie: 'wr_skey=b' }, dailyBudget: 50 });
    const paid = await store.add({
      source: 'paid',
      label: '极致了',
      secret: { key: 'JZL-1' },
      dailyBudget: 1000,
      costFen: 10,
      monthlyCapFen: 5000,
    });
    const day = beijingDay(NOW);
    await db.query(
      `INSERT INTO source_budget_days (scope, key, day, used, cap) VALUES ('credential', $1, $3, 12, 50),
       ('egress', '', $3, 30, 300), ('credential', $2, $3, 40, 1000)`,
      [String(reading), String(paid), day],
    );
    await db.query(
      `INSERT INTO paid_spend_months (credential_id, month, spent_fen, calls, charged_failures) VALUES ($1, $2, 400, 40, 2)`,
      [paid, `${day.slice(0, 7)}-01`],
    );
    await new PgTierReports(db).save(
      'collector-a',
      [
        {
          tier: 'monitor',
          accounts: 20,
          targetS: 7200,
          plannedS: 7200,
          staleByS: 0,
          discovered: 8,
          p50S: 1800,
          p95S: 6000,
        },
        {
          tier: 'rest',
          accounts: 400,
          targetS: 86_400,
          plannedS: null,
          staleByS: null,
          discovered: 0,
          p50S: null,
          p95S: null,
        },
      ],
      NOW,
    );
    const r = await admin.get('/fbmain/admin/v1/sources');
    expect(r.body.error_code).toBe(0);
    const d = r.body.data;
    expect(d.budgets_on).toBe(true);
    // Real credentials: the default chain no longer starts with the closed back office; SOURCE_CHAINS set counts.
    const chain = (cap: string) => d.chains.find((c: { capability: string }) => c.capability === cap);
    expect(chain('lists').chain[0]).not.toBe('mp');
    expect(chain('lists').set_by).toBe('default');
    expect(chain('counts')).toEqual({ capability: 'counts', chain: ['paid', 'client'], set_by: 'env' });
    const weread = d.pools.find((p: { source: string }) => p.source === 'weread');
    expect(weread).toMatchObject({ credentials: 2, active: 2, used_today: 12, cap_today: 100 });
    expect(d.egress).toEqual([{ key: '默认出口', used: 30, cap: 300 }]);
    expect(d.paid).toEqual([
      {
        id: paid,
        label: '极致了',
        cost_fen: 10,
        monthly_cap_fen: 5000,
        spent_fen: 400,
        calls: 40,
        charged_failures: 2,
      },
    ]);
    expect(d.tiers.map((t: { tier: string }) => t.tier)).toEqual(['monitor', 'rest']);
    expect(d.tiers[1]).toMatchObject({ collector: 'collector-a', accounts: 400, planned_s: null });
    // Secrets never leave the server.
    expect(r.text).not.toContain('wr_skey');
    expect(r.text).not.toContain('JZL-1');
  });

  it('sets a capability’s chain, refuses unknown sources in Chinese, and goes back to the default', async () => {
    const set = await admin.post('/fbmain/admin/v1/source_chain', {
      capability: 'lists',
      chain: 'paid, weread',
    });
    expect(set.body).toMatchObject({
      error_code: 0,
      data: { capability: 'lists', chain: ['paid', 'weread'] },
    });
    const lists = async () =>
      (await admin.get('/fbmain/admin/v1/sources')).body.data.chains.find(
        (c: { capability: string }) => c.capability === 'lists',
      );
    expect(await lists()).toEqual({ capability: 'lists', chain: ['paid', 'weread'], set_by: 'admin' });
    const bad = await admin.post('/fbmain/admin/v1/source_chain', {
      capability: 'lists',
      chain: 'weread,rss',
    });
    expect(bad.body.error_code).not.toBe(0);
    expect(bad.body.msg).toBe('来源链无效：未知的数据来源 rss（可用：mp, client, weread, paid）');
    const noCap = await admin.post('/fbmain/admin/v1/source_chain', { capability: 'posts', chain: 'mp' });
    expect(noCap.body.msg).toMatch(/只能是 search、lists、counts、pages 或 videos/);
    await admin.post('/fbmain/admin/v1/source_chain', { capability: 'lists', chain: '' });
    expect((await lists()).set_by).toBe('default');
    expect((await lists()).chain).not.toEqual(DEMO_CHAINS.lists);
  });

  it('adds a WeChat Reading account by QR: the code, waiting, the scan, the account in the pool', async () => {
    const start = await admin.post('/fbmain/admin/v1/weread_login');
    expect(start.body.error_code).toBe(0);
    const { uid, qr_url, qr_image } = start.body.data;
    expect(qr_url).toBe(`https://weread.qq.com/web/confirm?pf=2&uid=${encodeURIComponent(uid)}`);
    expect(qr_image).toMatch(/^data:image\/png;base64,/);
    const waiting = await admin.get('/fbmain/admin/v1/weread_login_state', { uid });
    expect(waiting.body.data).toEqual({ state: 'waiting', credential_id: null, name: '' });
    const scanned = await admin.get('/fbmain/admin/v1/weread_login_state', {
      uid,
      demo_scan: '1',
      daily_budget: '40',
    });
    expect(scanned.body.data.state).toBe('added');
    const [row] = await db.query<{ source: string; daily_budget: number }>(
      'SELECT source, daily_budget FROM upstream_credentials WHERE id = $1',
      [scanned.body.data.credential_id],
    );
    expect(row).toEqual({ source: 'weread', daily_budget: 40 });
    const lapsed = await admin.get('/fbmain/admin/v1/weread_login_state', { uid: 'no-such-uid' });
    expect(lapsed.body.error_code).not.toBe(0);
    expect(lapsed.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('an account’s freshness, as members see it', () => {
  it('names the account’s crawl tier and how far today’s budget leaves it behind, or nothing when on target', async () => {
    await store.insert('accounts', [
      { mid: 77, biz: bizOf(77), name: '慢号', wxid: 'slow', updated_at: NOW },
    ]);
    const reports = new PgTierReports(db);
    await reports.save(
      'collector-b',
      [
        {
          tier: 'member',
          accounts: 30,
          targetS: 21_600,
          plannedS: 36_000,
          staleByS: 14_400,
          discovered: 0,
          p50S: null,
          p95S: null,
        },
        {
          tier: 'rest',
          accounts: 900,
          targetS: 86_400,
          plannedS: null,
          staleByS: null,
          discovered: 0,
          p50S: null,
          p95S: null,
        },
      ],
      NOW,
    );
    const freshness = async () =>
      (await admin.get('/fbmain/search/v1/mp_detail', { mId: 77 })).body.data.account.freshness;
    // No post in the last 3 days, nobody's favourite: the rest, for which today's budget is spent.
    expect(await freshness()).toMatchObject({ tier: 'rest', tier_name: '其他', interval_s: null });
    expect((await freshness()).note).toMatch(/今日采集额度已先用于更优先的公众号/);
    // A member's favourite moves it to the members' tier, polled every 10 h where 6 h is the target.
    const [g] = await db.query<{ id: string }>(
      `INSERT INTO account_groups (user_id, name) SELECT id, '慢号组' FROM users LIMIT 1 RETURNING id`,
    );
    await db.query(
      'INSERT INTO account_favorites (group_id, user_id, mid) SELECT $1, user_id, 77 FROM account_groups WHERE id = $1',
      [g?.id],
    );
    expect(await freshness()).toMatchObject({
      tier: 'member',
      interval_s: 36_000,
      note: '该号属于「会员关注」采集层级：按今日采集额度约每 10.0 小时更新一次（目标 6.0 小时，落后 4.0 小时）',
    });
  });
});
