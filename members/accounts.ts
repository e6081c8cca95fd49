import type { Logger } from '../platform/log';
import type { MemberDb, Tx } from '../postgres/db';
import { M, MemberCodes } from './messages';
import type { OAuthIdentity, OAuthProvider } from './oauth';
import { hashPassword, verifyPassword } from './passwords';
import type { QrLogins } from './qr-login';
import type { LoginLimiter } from './rate-limit';
import type { Sessions } from './sessions';
import type { VerificationCodes } from './sms';
import { newToken, sha256 } from './tokens';

/**
 * The registration form's hidden code input sends this when empty (spec §5). It stands for "no code":
 * accepted only with a confirmed QR identity, never on its own.
 */
export const DEFAULT_CODE = '000000';

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: number; msg: string };
const no = (code: number, msg: string) => ({ ok: false as const, code, msg });

/** The login response of spec §3: type 0 means a WeChat/QQ user without a registered phone yet. */
export interface LoginData {
  type: 0 | 1;
  accessToken: string;
  name: string;
  avatar: string;
}

export interface AccountDeps {
  db: MemberDb;
  log: Logger;
  sessions: Sessions;
  codes: VerificationCodes;
  qr: QrLogins;
  limiter: LoginLimiter;
  trialQuota: number;
  adminPhones: ReadonlySet<string>;
}

const identityColumn = (p: OAuthProvider) => (p === 'wechat' ? 'wx_openid' : 'qq_openid');
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

interface UserRow {
  id: number;
  name: string;
  avatar: string;
  password_hash: string | null;
  phone: string | null;
}

export class Accounts {
  constructor(private d: AccountDeps) {}

  private async session(
    u: { id: number; name: string; avatar: string },
    remember: boolean,
  ): Promise<LoginData> {
    return {
      type: 1,
      accessToken: await this.d.sessions.create(Number(u.id), remember),
      name: u.name,
      avatar: u.avatar,
    };
  }

  async byPhone(phone: string): Promise<UserRow | undefined> {
    const [u] = await this.d.db.query<UserRow>(
      'SELECT id, name, avatar, password_hash, phone FROM users WHERE phone = $1',
      [phone],
    );
    return u;
  }

  /** Creates a member: level 1, the free API trial quota, an invite code of their own. */
  private async createUser(
    tx: Tx,
    u: { phone: string; name: string; avatar: string; passwordHash: string; invitedBy: number | null },
  ): Promise<UserRow> {
    const [row] = await tx.query<UserRow>(
      `INSERT INTO users (phone, name, avatar, password_hash, vip_id, invite_code, invited_by, is_admin,
                          api_balance, api_trial_granted)
       VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $8)
       RETURNING id, name, avatar, password_hash, phone`,
      [
        u.phone,
        u.name,
        u.avatar,
        u.passwordHash,
        newToken(6).replace(/[-_]/g, 'x').slice(0, 8).toUpperCase(),
        u.invitedBy,
        this.d.adminPhones.has(u.phone),
        this.d.trialQuota,
      ],
    );
    if (!row) throw new Error('insert user returned nothing');
    if (this.d.trialQuota > 0)
      await tx.query(
        `INSERT INTO api_ledger (user_id, kind, amount, balance_after, ref) VALUES ($1, 'trial', $2, $2, '新用户免费试用')`,
        [row.id, this.d.trialQuota],
      );
    return row;
  }

  async loginWithPassword(
    phone: string,
    password: string,
    smsCode: string,
    ip: string,
    remember: boolean,
  ): Promise<Outcome<LoginData>> {
    const lock = await this.d.limiter.attempt(phone, ip, password !== '');
    if (lock) return no(MemberCodes.LOGIN_FAILED, lock === 'ip' ? M.LOGIN_LOCKED : M.LOGIN_LOCKED_ACCOUNT);
    const u = await this.byPhone(phone);
    const good = password
      ? await verifyPassword(password, u?.password_hash ?? null)
      : Boolean(u) && smsCode !== '' && (await this.d.codes.check(phone, smsCode, true));
    if (!u || !good) {
      await this.d.limiter.failed();
      return no(MemberCodes.LOGIN_FAILED, password || !smsCode ? M.LOGIN_FAILED : M.CODE_WRONG);
    }
    await this.d.limiter.succeeded(phone, ip);
    return { ok: true, value: await this.session(u, remember) };
  }

  /** One poll of the QR dialog (every 2 s): waiting, expired, a session, or type 0 with a registration token. */
  async pollQr(token: string, remember: boolean): Promise<Outcome<LoginData>> {
    const s = await this.d.qr.poll(token);
    if (s.state === 'expired') return no(MemberCodes.QR_EXPIRED, M.QR_EXPIRED);
    if (s.state === 'pending') return no(MemberCodes.QR_WAITING, M.QR_WAITING);
    const [u] = await this.d.db.query<UserRow>(
      `SELECT id, name, avatar, password_hash, phone FROM users WHERE ${identityColumn(s.provider)} = $1`,
      [s.identity.openid],
    );
    if (u) {
      if (!(await this.d.qr.consume(token))) return no(MemberCodes.QR_EXPIRED, M.QR_EXPIRED);
      return { ok: true, value: await this.session(u, remember) };
    }
    const reg = await this.d.qr.issueRegistrationToken(token);
    return {
      ok: true,
      value: { type: 0, accessToken: reg, name: s.identity.nickname, avatar: s.identity.avatar },
    };
  }

  /**
   * Registration (register and qq_register). A real SMS code proves the phone; with a QR/QQ registration
   * token the identity stands in for it and the default code is accepted.
   */
  async register(
    f: {
      username: string;
      phone: string;
      accessToken: string;
      code: string;
      password: string;
      invitecode: string;
    },
    provider: OAuthProvider,
  ): Promise<Outcome<LoginData>> {
    const noCode = f.code === '' || f.code === DEFAULT_CODE;
    let identity: OAuthIdentity | null = null;
    let release = async () => {};
    if (f.accessToken) {
      const taken = await this.d.qr.takeRegistration(f.accessToken, provider);
      if (!taken) return no(MemberCodes.TOKEN_INVALID, M.REGISTER_TOKEN_INVALID);
      identity = taken.identity;
      release = taken.release;
    }
    const fail = async (code: number, msg: string) => {
      await release();
      return no(code, msg);
    };
    if (noCode && !identity) return fail(MemberCodes.CODE_WRONG, M.CODE_EMPTY);

    let invitedBy: number | null = null;
    if (f.invitecode) {
      const [inv] = await this.d.db.query<{ id: number }>('SELECT id FROM users WHERE invite_code = $1', [
        f.invitecode.toUpperCase(),
      ]);
      if (!inv) return fail(MemberCodes.TOKEN_INVALID, M.INVITE_INVALID);
      invitedBy = Number(inv.id);
    }

    const existing = await this.byPhone(f.phone);
    // Without a real code, neither a taken phone nor a bad code may be probed: check the code first.
    if (!noCode && !(await this.d.codes.check(f.phone, f.code, true)))
      return fail(MemberCodes.CODE_WRONG, M.CODE_WRONG);
    if (existing) {
      // A verified phone plus a fresh identity: bind the identity to the existing account and log in.
      if (!noCode && identity) {
        const col = identityColumn(provider);
        const bound = await this.d.db.query<UserRow>(
          `UPDATE users SET ${col} = $2 WHERE id = $1 AND ${col} IS NULL
           RETURNING id, name, avatar, password_hash, phone`,
          [existing.id, identity.openid],
        );
        if (bound[0]) return { ok: true, value: await this.session(bound[0], false) };
        return fail(MemberCodes.PHONE_REGISTERED, M.IDENTITY_BOUND);
      }
      return fail(MemberCodes.PHONE_REGISTERED, M.PHONE_REGISTERED);
    }

    const passwordHash = await hashPassword(f.password);
    try {
      const u = await this.d.db.transaction(async (tx) => {
        const row = await this.createUser(tx, {
          phone: f.phone,
          name: f.username || identity?.nickname || `用户${f.phone.slice(-4)}`,
          avatar: identity?.avatar ?? '',
          passwordHash,
          invitedBy,
        });
        if (identity)
          await tx.query(`UPDATE users SET ${identityColumn(provider)} = $2 WHERE id = $1`, [
            row.id,
            identity.openid,
          ]);
        return row;
      });
      return { ok: true, value: await this.session(u, false) };
    } catch (e) {
      if (isUniqueViolation(e)) return fail(MemberCodes.PHONE_REGISTERED, M.PHONE_REGISTERED);
      throw e;
    }
  }

  /** Reset step 1 (verify: no password yet) or steps 2–3 (set it). Every session ends after a reset. */
  async reset(phone: string, code: string, password: string | null): Promise<Outcome<string>> {
    const u = await this.byPhone(phone);
    if (!u) return no(MemberCodes.FORM_INVALID, M.PHONE_NOT_REGISTERED);
    if (!(await this.d.codes.check(phone, code, password !== null)))
      return no(MemberCodes.CODE_WRONG, M.CODE_WRONG);
    if (password === null) return { ok: true, value: M.RESET_VERIFIED };
    await this.d.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      u.id,
      await hashPassword(password),
    ]);
    await this.d.sessions.revokeAllOf(Number(u.id));
    return { ok: true, value: M.RESET_OK };
  }

  /** Keeps the first Baidu ad click id (bd_vid) a member arrived with, for conversion reporting. */
  async recordBdVid(accessToken: string, bdVid: string): Promise<void> {
    await this.d.db.query(
      `UPDATE users SET bd_vid = $2 FROM sessions s
       WHERE s.token_hash = $1 AND users.id = s.user_id AND users.bd_vid = ''`,
      [sha256(accessToken), bdVid],
    );
  }

  /** qq_binding: a logged-in member attaches a confirmed QQ identity (from a polled QR token). */
  async bindIdentity(userId: number, provider: OAuthProvider, token: string): Promise<Outcome<null>> {
    const s = await this.d.qr.poll(token);
    if (s.state !== 'confirmed' || s.provider !== provider)
      return no(MemberCodes.TOKEN_INVALID, M.REGISTER_TOKEN_INVALID);
    const col = identityColumn(provider);
    try {
      const r = await this.d.db.query(
        `UPDATE users SET ${col} = $2 WHERE id = $1 AND ${col} IS NULL RETURNING 1`,
        [userId, s.identity.openid],
      );
      if (r.length === 0) return no(MemberCodes.PHONE_REGISTERED, M.IDENTITY_BOUND);
    } catch (e) {
      if (isUniqueViolation(e)) return no(MemberCodes.PHONE_REGISTERED, M.IDENTITY_BOUND);
      throw e;
    }
    await this.d.qr.consume(token);
    return { ok: true, value: null };
  }
}
