import { M, MemberCodes } from '../contract/member-texts';
import type { Logger } from '../core/log';
import type { MemberDb, Tx } from '../postgres/db';
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
  /** False for a phone set without an SMS code (a new WeChat/QQ user's step 2): a claim, not proof. */
  phone_verified: boolean;
}
const USER_COLUMNS = 'id, name, avatar, password_hash, phone, phone_verified';

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
    const [u] = await this.d.db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE phone = $1`, [phone]);
    return u;
  }

  /**
   * Creates a member: level 1 with an invite code of their own. The free API trial and admin rights (ADMIN_PHONES)
   * come with a phone proven by code; an unverified one earns them when a code proves it (verifyPhone).
   */
  private async createUser(
    tx: Tx,
    u: {
      phone: string;
      name: string;
      avatar: string;
      passwordHash: string;
      invitedBy: number | null;
      verified: boolean;
    },
  ): Promise<UserRow> {
    const [row] = await tx.query<UserRow>(
      `INSERT INTO users (phone, name, avatar, password_hash, vip_id, invite_code, invited_by, is_admin,
                          api_balance, api_trial_granted, phone_verified)
       VALUES ($1, $2, $3, $4, 1, $5, $6, $7, 0, 0, $8)
       RETURNING ${USER_COLUMNS}`,
      [
        u.phone,
        u.name,
        u.avatar,
        u.passwordHash,
        newToken(6).replace(/[-_]/g, 'x').slice(0, 8).toUpperCase(),
        u.invitedBy,
        u.verified && this.d.adminPhones.has(u.phone),
        u.verified,
      ],
    );
    if (!row) throw new Error('insert user returned nothing');
    if (u.verified) await this.grantTrial(tx, Number(row.id));
    return row;
  }

  /** The free API trial, once per account, with its ledger row in the same statement. */
  private async grantTrial(tx: Tx, userId: number): Promise<void> {
    if (this.d.trialQuota <= 0) return;
    await tx.query(
      `WITH u AS (
         UPDATE users SET api_balance = api_balance + $2, api_trial_granted = $2
         WHERE id = $1 AND api_trial_granted = 0 RETURNING id, api_balance)
       INSERT INTO api_ledger (user_id, kind, amount, balance_after, ref)
       SELECT id, 'trial', $2, api_balance, '新用户免费试用' FROM u`,
      [userId, this.d.trialQuota],
    );
  }

  /**
   * A code proved an unverified phone on its account (reset or code login): the phone counts from now, with the
   * trial and admin rights it earns. The WeChat/QQ identities were bound without proof that they belong to the
   * number's owner, so they are detached (the owner binds theirs again by scanning); the caller ends every session.
   */
  private async verifyPhone(tx: Tx, u: UserRow): Promise<void> {
    await tx.query(
      `UPDATE users SET phone_verified = true, wx_openid = NULL, qq_openid = NULL, is_admin = $2
       WHERE id = $1 AND NOT phone_verified`,
      [u.id, u.phone !== null && this.d.adminPhones.has(u.phone)],
    );
    await this.grantTrial(tx, Number(u.id));
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
    // A code proves the number: an account that only typed it in becomes its owner's (as a reset by code does).
    if (!password && !u.phone_verified) await this.takeOver(u);
    return { ok: true, value: await this.session(u, remember) };
  }

  /** One poll of the QR dialog (every 2 s): waiting, expired, a session, or type 0 with a registration token. */
  async pollQr(token: string, remember: boolean): Promise<Outcome<LoginData>> {
    const s = await this.d.qr.poll(token);
    if (s.state === 'expired') return no(MemberCodes.QR_EXPIRED, M.QR_EXPIRED);
    if (s.state === 'pending') return no(MemberCodes.QR_WAITING, M.QR_WAITING);
    const [u] = await this.d.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE ${identityColumn(s.provider)} = $1`,
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

    const holder = await this.byPhone(f.phone);
    // Without a real code, neither a taken phone nor a bad code may be probed: check the code first.
    if (!noCode && !(await this.d.codes.check(f.phone, f.code, true)))
      return fail(MemberCodes.CODE_WRONG, M.CODE_WRONG);
    // A phone set without a code is a claim: the number's owner, proving it by code, takes it from that account.
    const claim = holder && !holder.phone_verified && !noCode ? holder : null;
    const existing = claim ? undefined : holder;
    if (existing) {
      // A verified phone plus a fresh identity: bind the identity to the existing account and log in.
      if (!noCode && identity) {
        const col = identityColumn(provider);
        const bound = await this.d.db.query<UserRow>(
          `UPDATE users SET ${col} = $2 WHERE id = $1 AND ${col} IS NULL
           RETURNING ${USER_COLUMNS}`,
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
        if (claim)
          await tx.query(
            'UPDATE users SET phone = NULL WHERE id = $1 AND phone = $2 AND NOT phone_verified',
            [claim.id, f.phone],
          );
        const row = await this.createUser(tx, {
          phone: f.phone,
          name: f.username || identity?.nickname || `用户${f.phone.slice(-4)}`,
          avatar: identity?.avatar ?? '',
          passwordHash,
          invitedBy,
          verified: !noCode,
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

  /** verifyPhone for a code login: ends the sessions the account had before its number was proven. */
  private async takeOver(u: UserRow): Promise<void> {
    await this.d.db.transaction((tx) => this.verifyPhone(tx, u));
    await this.d.sessions.revokeAllOf(Number(u.id));
  }

  /** Reset step 1 (verify: no password yet) or steps 2–3 (set it). Every session ends after a reset. */
  async reset(phone: string, code: string, password: string | null): Promise<Outcome<string>> {
    const u = await this.byPhone(phone);
    if (!u) return no(MemberCodes.FORM_INVALID, M.PHONE_NOT_REGISTERED);
    if (!(await this.d.codes.check(phone, code, password !== null)))
      return no(MemberCodes.CODE_WRONG, M.CODE_WRONG);
    if (password === null) return { ok: true, value: M.RESET_VERIFIED };
    const hash = await hashPassword(password);
    await this.d.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [u.id, hash]);
      if (!u.phone_verified) await this.verifyPhone(tx, u);
    });
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

  /** register_collect: the member's answers to the profile form. */
  async saveProfile(userId: number, profile: object): Promise<void> {
    await this.d.db.query('UPDATE users SET profile = $2 WHERE id = $1', [userId, JSON.stringify(profile)]);
  }

  /** The Baidu click id recorded at login (recordBdVid), or ''. */
  async bdVid(userId: number): Promise<string> {
    const [r] = await this.d.db.query<{ bd_vid: string | null }>('SELECT bd_vid FROM users WHERE id = $1', [
      userId,
    ]);
    return r?.bd_vid ?? '';
  }

  /**
   * unbind: detaches a WeChat or QQ identity, only while the member can still log in without it. A phone set
   * without a code does not count as a login: the number's owner may take it. False when nothing was detached.
   */
  async unbindIdentity(userId: number, provider: OAuthProvider): Promise<boolean> {
    // The column name comes from identityColumn, never from input.
    const col = identityColumn(provider);
    const done = await this.d.db.query(
      `UPDATE users SET ${col} = NULL
       WHERE id = $1 AND ${col} IS NOT NULL AND phone IS NOT NULL AND phone_verified AND password_hash IS NOT NULL
       RETURNING id`,
      [userId],
    );
    return done.length > 0;
  }
}
