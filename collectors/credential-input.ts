import type { CredentialLimits, CredentialSource } from './credentials';
import { CREDENTIAL_SOURCES } from './credentials';

/** The secret fields each source needs (docs/collectors.md). */
const REQUIRED: Record<CredentialSource, string[]> = {
  mp: ['token', 'cookie'],
  weread: ['cookie'],
  client: ['key', 'uin'],
  finder: ['cookie'],
  paid: ['key'],
};

/**
 * Checks a credential an admin adds (the admin page will call it): null when usable, else the reason in Chinese.
 * Malformed or already-expired input is refused here, before it reaches a pool.
 */
export function credentialInputError(
  input: { source?: unknown; secret?: unknown } & Partial<Record<keyof CredentialLimits, unknown>>,
  nowMs: number,
): string | null {
  const source = input.source as CredentialSource;
  if (!CREDENTIAL_SOURCES.includes(source)) return `来源必须是 ${CREDENTIAL_SOURCES.join(' / ')} 之一`;
  const secret = input.secret;
  if (!secret || typeof secret !== 'object' || Array.isArray(secret)) return '凭据内容必须是 JSON 对象';
  const s = secret as Record<string, unknown>;
  for (const f of REQUIRED[source])
    if (typeof s[f] !== 'string' || (s[f] as string).trim() === '')
      return `凭据缺少字段 ${f}（${source} 需要 ${REQUIRED[source].join('、')}）`;
  if (Object.values(s).some((v) => typeof v !== 'string' || v.length > 4096))
    return '凭据字段必须是不超过 4096 字符的字符串';
  if (source === 'weread' && !/wr_vid=\d+/.test(String(s.cookie)))
    return '微信读书 Cookie 缺少 wr_vid，请重新扫码登录';
  if (source === 'weread' && !/wr_skey=/.test(String(s.cookie)))
    return '微信读书 Cookie 缺少 wr_skey，请重新扫码登录';
  const int = (v: unknown) => v === undefined || v === null || (Number.isInteger(v) && (v as number) >= 0);
  if (!int(input.dailyBudget)) return '每日额度必须是非负整数';
  if (!int(input.ratePerMin) || input.ratePerMin === 0) return '每分钟速率必须是正整数';
  if (!int(input.costFen)) return '每次调用费用（分）必须是非负整数';
  if (!int(input.monthlyCapFen)) return '每月费用上限（分）必须是非负整数';
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    if (typeof input.expiresAt !== 'number' || !Number.isFinite(input.expiresAt)) return '过期时间格式不正确';
    if (input.expiresAt <= nowMs) return '该凭据已过期，请重新获取后再添加';
  }
  if (source === 'paid' && !input.costFen) return '付费接口需要填写每次调用费用（分）';
  return null;
}
