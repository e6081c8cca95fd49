import { describe, expect, it } from 'vitest';
import { credentialInputError } from './credential-input';

const NOW = Date.parse('2026-11-02T09:00:00+08:00');

describe('credentials an admin adds', () => {
  it('accepts well-formed ones and says in Chinese what is wrong with the rest', () => {
    expect(credentialInputError({ source: 'paid', secret: { key: 'JZL1' }, costFen: 10 }, NOW)).toBeNull();
    expect(
      credentialInputError({ source: 'weread', secret: { cookie: 'wr_vid=1; wr_skey=a; wr_rt=b' } }, NOW),
    ).toBeNull();
    expect(credentialInputError({ source: 'x', secret: {} }, NOW)).toMatch(/来源必须是/);
    expect(credentialInputError({ source: 'mp', secret: '[]' }, NOW)).toBe('凭据内容必须是 JSON 对象');
    expect(credentialInputError({ source: 'client', secret: { key: 'k' } }, NOW)).toMatch(/缺少字段 uin/);
    expect(credentialInputError({ source: 'weread', secret: { cookie: 'wr_skey=a' } }, NOW)).toMatch(
      /wr_vid/,
    );
    expect(
      credentialInputError({ source: 'client', secret: { key: 'k', uin: 'u' }, expiresAt: NOW - 1 }, NOW),
    ).toBe('该凭据已过期，请重新获取后再添加');
    expect(
      credentialInputError({ source: 'paid', secret: { key: 'k' }, costFen: 10, dailyBudget: -1 }, NOW),
    ).toBe('每日额度必须是非负整数');
    expect(credentialInputError({ source: 'paid', secret: { key: 'k' } }, NOW)).toMatch(/费用/);
  });
});
