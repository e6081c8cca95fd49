import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitReady } from './harness';
import { ADMIN_PHONE, type Client, refusal, signUp, startMemberPlatform } from './members-harness';

/** Admins add, list, rotate and disable upstream credentials; secrets never come back whole. */
describe('upstream credentials for admins', () => {
  let stop = async () => {};
  let admin: Client;
  let member: Client;
  const P = '/fbmain/admin/v1/credentials';
  beforeAll(async () => {
    const p = await startMemberPlatform('PGlite', { SIM_ACCOUNTS: '2', CRAWL_DAYS: '2' });
    stop = p.stop;
    await waitReady(p.url);
    admin = await signUp(p.url, ADMIN_PHONE);
    member = await signUp(p.url);
  });
  afterAll(() => stop());

  it('adds, lists with state, rotates and disables', async () => {
    const added = await admin.post(P, {
      source: 'mp',
      label: '运营号A',
      secret: JSON.stringify({ token: '1234567890', cookie: 'slave_sid=abcdefSECRET9876' }),
    });
    expect(added.body.error_code).toBe(0);
    const id = added.body.data.id;

    let list = await admin.get(P, { source: 'mp' });
    const row = list.body.data.list.find((x: { id: number }) => x.id === id);
    expect(row).toMatchObject({ source: 'mp', label: '运营号A', state: 'active', requests: 0 });
    expect(row.secret).toEqual({ token: '…7890', cookie: '…9876' });
    expect(list.text).not.toContain('SECRET');

    expect((await admin.put(P, { id, secret: '{"token":"only"}' })).body.msg).toBe(
      '凭据缺少字段 cookie（mp 需要 token、cookie）',
    );
    expect((await admin.put(P, { id, state: 'disabled' })).body.error_code).toBe(0);
    list = await admin.get(P);
    expect(list.body.data.list.find((x: { id: number }) => x.id === id).state).toBe('disabled');
    // A new secret rotates it and makes it usable again.
    expect(
      (await admin.put(P, { id, secret: JSON.stringify({ token: 'new-token-0001', cookie: 'c' }) })).body
        .error_code,
    ).toBe(0);
    list = await admin.get(P);
    expect(list.body.data.list.find((x: { id: number }) => x.id === id)).toMatchObject({
      state: 'active',
      secret: { token: '…0001', cookie: '…c' },
    });
  });

  it('answers bad input in Chinese and refuses members', async () => {
    expect((await admin.post(P, { source: 'qq', secret: '{"a":"b"}' })).body.msg).toMatch(/上游类型必须是/);
    expect((await admin.post(P, { source: 'mp', secret: 'not json' })).body.msg).toMatch(/JSON 对象/);
    expect((await admin.put(P, { id: 999_999, state: 'active' })).body.msg).toBe('凭据不存在');
    expect((await admin.put(P, { id: 1 })).body.msg).toMatch(/请提供新的凭据或状态/);
    // Each source's secret needs its own fields, and limits must make sense: refused with the reason.
    const add = async (f: Record<string, string>) => (await admin.post(P, f)).body.msg;
    expect(await add({ source: 'mp', secret: '{"token":"t"}' })).toBe(
      '凭据缺少字段 cookie（mp 需要 token、cookie）',
    );
    expect(await add({ source: 'weread', secret: '{"cookie":"wr_skey=abc"}' })).toBe(
      '微信读书 Cookie 缺少 wr_vid，请重新扫码登录',
    );
    expect(
      await add({ source: 'client', secret: '{"key":"k","uin":"u"}', expires_at: '2020-01-01 08:00' }),
    ).toBe('该凭据已过期，请重新获取后再添加');
    expect(await add({ source: 'client', secret: '{"key":"k","uin":"u"}', expires_at: '明天' })).toMatch(
      /过期时间格式应为/,
    );
    expect(await add({ source: 'paid', secret: '{"key":"JZL-1"}' })).toBe(
      '付费接口需要填写每次调用费用（分）',
    );
    expect(await add({ source: 'paid', secret: '{"key":"JZL-1"}', cost_fen: '-3' })).toMatch(/不能为负/);
    // A paid key with its price, monthly cap and daily budget, listed back with them (the key masked).
    const paid = await admin.post(P, {
      source: 'paid',
      label: '极致了',
      secret: '{"key":"JZL-SECRET-1234"}',
      daily_budget: '2000',
      cost_fen: '8',
      monthly_cap_fen: '50000',
      charges_failures: '1',
    });
    expect(paid.body.error_code).toBe(0);
    const listed = (await admin.get(P, { source: 'paid' })).body.data.list[0];
    expect(listed).toMatchObject({
      label: '极致了',
      daily_budget: 2000,
      cost_fen: 8,
      monthly_cap_fen: 50000,
      charges_failures: true,
      secret: { key: '…1234' },
    });
    const r = await member.get(P);
    expect(refusal(r)).toBe(40002);
    expect(r.body.error_code).not.toBe(0);
  });
});
