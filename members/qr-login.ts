import QRCode from 'qrcode';
import type { MemberDb } from '../postgres/db';
import type { OAuthIdentity, OAuthProvider } from './oauth';
import { newToken, sha256 } from './tokens';

/** A QR can be scanned for 5 minutes; a confirmed identity may finish registration within 30. */
export const QR_TTL_MIN = 5;
export const REG_TTL_MIN = 30;

export type QrState =
  | { state: 'pending' }
  | { state: 'expired' }
  | { state: 'confirmed'; provider: OAuthProvider; identity: OAuthIdentity };

export const qrImage = (text: string) =>
  QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });

/**
 * QR and OAuth login attempts. The dialog holds the poll token; the QR carries a separate scan id, so
 * someone who photographs the QR can confirm it but never obtains the session.
 */
export class QrLogins {
  constructor(private db: MemberDb) {}

  async create(provider: OAuthProvider): Promise<{ token: string; scan: string }> {
    const token = newToken();
    const scan = newToken(18);
    await this.db.query(
      `INSERT INTO qr_logins (token_hash, scan_hash, provider, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [sha256(token), sha256(scan), provider, QR_TTL_MIN],
    );
    await this.db.query(`DELETE FROM qr_logins WHERE expires_at < now() - interval '1 day'`);
    return { token, scan };
  }

  async scanInfo(scan: string): Promise<{ provider: OAuthProvider; status: string } | null> {
    const [r] = await this.db.query<{ provider: OAuthProvider; status: string }>(
      'SELECT provider, status FROM qr_logins WHERE scan_hash = $1 AND expires_at > now()',
      [sha256(scan)],
    );
    return r ?? null;
  }

  /** The scanning side approves with its identity; only a pending, unexpired QR can be confirmed. */
  async confirm(scan: string, identity: OAuthIdentity): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE qr_logins SET status = 'confirmed', openid = $2, nickname = $3, avatar = $4,
         expires_at = now() + make_interval(mins => $5)
       WHERE scan_hash = $1 AND status = 'pending' AND expires_at > now() RETURNING 1`,
      [
        sha256(scan),
        identity.openid,
        identity.nickname.slice(0, 64),
        identity.avatar.slice(0, 512),
        REG_TTL_MIN,
      ],
    );
    return r.length === 1;
  }

  async poll(token: string): Promise<QrState> {
    const [r] = await this.db.query<{
      provider: OAuthProvider;
      status: string;
      openid: string | null;
      nickname: string;
      avatar: string;
    }>(
      'SELECT provider, status, openid, nickname, avatar FROM qr_logins WHERE token_hash = $1 AND expires_at > now()',
      [sha256(token)],
    );
    if (!r || r.status === 'consumed') return { state: 'expired' };
    if (r.status === 'pending' || !r.openid) return { state: 'pending' };
    return {
      state: 'confirmed',
      provider: r.provider,
      identity: { openid: r.openid, nickname: r.nickname, avatar: r.avatar },
    };
  }

  /** Ends the attempt once a session was issued, so the token cannot be polled into a second one. */
  async consume(token: string): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE qr_logins SET status = 'consumed' WHERE token_hash = $1 AND status = 'confirmed' RETURNING 1`,
      [sha256(token)],
    );
    return r.length === 1;
  }

  /** For a confirmed identity without an account: a registration token (the spec's accessToken, type 0). */
  async issueRegistrationToken(token: string): Promise<string> {
    const reg = newToken();
    await this.db.query('UPDATE qr_logins SET reg_token_hash = $2 WHERE token_hash = $1', [
      sha256(token),
      sha256(reg),
    ]);
    return reg;
  }

  /** Takes the identity behind a registration token, once. */
  async takeRegistration(
    reg: string,
    provider: OAuthProvider,
  ): Promise<{ identity: OAuthIdentity; release: () => Promise<void> } | null> {
    const [r] = await this.db.query<{ openid: string; nickname: string; avatar: string }>(
      `UPDATE qr_logins SET status = 'consumed'
       WHERE reg_token_hash = $1 AND provider = $2 AND status = 'confirmed' AND expires_at > now()
       RETURNING openid, nickname, avatar`,
      [sha256(reg), provider],
    );
    if (!r) return null;
    return {
      identity: r,
      // A registration that fails afterwards (bad code, taken phone) gives the token back for a retry.
      release: async () => {
        await this.db.query(`UPDATE qr_logins SET status = 'confirmed' WHERE reg_token_hash = $1`, [
          sha256(reg),
        ]);
      },
    };
  }
}
