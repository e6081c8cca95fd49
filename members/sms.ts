import { createHmac, randomInt } from 'node:crypto';
import { M } from '../contract/member-texts';
import type { Logger } from '../core/log';
import type { MemberDb } from '../postgres/db';
import { sha256 } from './tokens';

/** Anything that can deliver a text message to a phone. */
export interface SmsProvider {
  readonly name: string;
  sendCode(phone: string, code: string): Promise<void>;
}

/** The last codes the console provider "sent", so a developer (or a test in this process) can read them. */
export const consoleOutbox: { phone: string; code: string; at: number }[] = [];

/** Default provider: writes the code to the log (demo and development). */
export class ConsoleSms implements SmsProvider {
  readonly name = 'console';
  constructor(private log: Logger) {}
  async sendCode(phone: string, code: string): Promise<void> {
    consoleOutbox.push({ phone, code, at: Date.now() });
    if (consoleOutbox.length > 200) consoleOutbox.shift();
    this.log.info({ phone, code }, 'SMS verification code (console provider)');
  }
}

/** Aliyun Dysmsapi SendSms with the RPC signature (HMAC-SHA1 over the canonical query). */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private opts: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string },
    private endpoint = 'https://dysmsapi.aliyuncs.com/',
  ) {}

  async sendCode(phone: string, code: string): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.opts.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const query = aliyunCanonicalQuery(params);
    const signature = aliyunSignature(params, this.opts.accessKeySecret);
    const res = await fetch(`${this.endpoint}?Signature=${aliyunEncode(signature)}&${query}`, {
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun sms: ${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
}

/** RFC 3986 encoding as Aliyun's signature requires (space %20, * %2A, ~ kept). */
export const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const aliyunCanonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? '')}`)
    .join('&');

/** Aliyun RPC signature v1: HMAC-SHA1 of GET&%2F&<encoded canonical query> with key "<secret>&". */
export function aliyunSignature(params: Record<string, string>, secret: string): string {
  const toSign = `GET&${aliyunEncode('/')}&${aliyunEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Verification-code policy (spec §9: 60 s countdown) plus a daily cap per phone and per IP. */
export const CODE_POLICY = { cooldownS: 60, ttlMin: 5, maxAttempts: 5, perIpDaily: 50 } as const;

export type SendResult = { ok: true } | { ok: false; msg: string };

export class VerificationCodes {
  constructor(
    private db: MemberDb,
    private provider: SmsProvider,
    private dailyCap: number,
    private log: Logger,
  ) {}

  async send(phone: string, ip: string): Promise<SendResult> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // One transaction with a per-phone advisory lock: two concurrent sends cannot both pass the cooldown.
    const verdict = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(727274002, hashtext($1))', [phone]);
      const [s] = await tx.query<{ last_age: number | null; today: number; ip_today: number }>(
        `SELECT (SELECT extract(epoch FROM now() - max(created_at))::float8 FROM sms_codes WHERE phone = $1) AS last_age,
                (SELECT count(*)::int FROM sms_codes WHERE phone = $1 AND created_at > now() - interval '1 day') AS today,
                (SELECT count(*)::int FROM sms_codes WHERE ip = $2 AND created_at > now() - interval '1 day') AS ip_today`,
        [phone, ip],
      );
      const age = s?.last_age ?? null;
      if (age !== null && age < CODE_POLICY.cooldownS)
        return { ok: false as const, msg: M.CODE_COOLDOWN(Math.ceil(CODE_POLICY.cooldownS - age)) };
      if ((s?.today ?? 0) >= this.dailyCap || (s?.ip_today ?? 0) >= CODE_POLICY.perIpDaily)
        return { ok: false as const, msg: M.CODE_DAILY_CAP };
      await tx.query(
        `INSERT INTO sms_codes (phone, code_hash, ip, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [phone, sha256(`${phone}:${code}`), ip, CODE_POLICY.ttlMin],
      );
      return { ok: true as const };
    });
    if (!verdict.ok) return verdict;
    try {
      await this.provider.sendCode(phone, code);
      return { ok: true };
    } catch (err) {
      this.log.error({ err, provider: this.provider.name }, 'sms send failed');
      // A code the user never received must not hold the cooldown.
      await this.db.query('DELETE FROM sms_codes WHERE phone = $1 AND code_hash = $2', [
        phone,
        sha256(`${phone}:${code}`),
      ]);
      return { ok: false, msg: M.SMS_FAILED };
    }
  }

  /**
   * Checks the newest unexpired code; `consume` marks it used so it works once. Wrong tries are counted, and after
   * five the code is void. One UPDATE compares, counts and consumes: the row lock makes parallel tries take turns and
   * re-checks `attempts` and `used_at` for each, so no more than five wrong codes are ever compared (a read, then a
   * write let parallel tries all pass the read) and of two parallel uses only one wins.
   */
  async check(phone: string, code: string, consume: boolean): Promise<boolean> {
    const rows = await this.db.query<{ good: boolean }>(
      `UPDATE sms_codes SET
         attempts = attempts + CASE WHEN code_hash = $3 THEN 0 ELSE 1 END,
         used_at = CASE WHEN code_hash = $3 AND $4::boolean THEN now() ELSE used_at END
       WHERE id = (SELECT id FROM sms_codes WHERE phone = $1 AND used_at IS NULL AND expires_at > now()
                   ORDER BY created_at DESC LIMIT 1)
         AND used_at IS NULL AND attempts < $2
       RETURNING code_hash = $3 AS good`,
      [phone, CODE_POLICY.maxAttempts, sha256(`${phone}:${code}`), consume],
    );
    return rows[0]?.good === true;
  }
}
