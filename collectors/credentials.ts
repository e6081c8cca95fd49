import { CREDENTIAL_SOURCES, type CredentialSource, type CredentialState } from '../core/credential-kinds';
import { beijingDay } from '../core/periods';
import type { Tx } from '../postgres/db';

/**
 * Upstream credentials and their state. Each source has its own kind of secret:
 *   mp      — 公众号 back office: {token, cookie} (the slave_sid/slave_user session and its token)
 *   weread  — WeChat Reading web: {cookie} (wr_vid, wr_skey…)
 *   client  — a WeChat client session for counters: {key, uin, pass_ticket, appmsg_token}
 *   finder  — 视频号助手 (video-account assistant) web session: {cookie}
 *   paid    — a commercial data API (极致了-style): {key}
 */
export { CREDENTIAL_SOURCES, type CredentialSource, type CredentialState };

/** Limits of one credential (docs/collectors.md); null: none. */
export interface CredentialLimits {
  /** Requests per Beijing day. */
  dailyBudget: number | null;
  /** Requests per minute (null: the pool's default). */
  ratePerMin: number | null;
  /** The egress IP its requests leave from ('' the default one): that IP's daily budget applies too. */
  egress: string;
  /** When the login or key lapses (ms). */
  expiresAt: number | null;
  /** A paid key's price per call (分), the admin's monthly cap (分), and whether failed calls are charged. */
  costFen: number;
  monthlyCapFen: number | null;
  chargesFailures: boolean;
}

export const NO_LIMITS: CredentialLimits = {
  dailyBudget: null,
  ratePerMin: null,
  egress: '',
  expiresAt: null,
  costFen: 0,
  monthlyCapFen: null,
  chargesFailures: false,
};

export interface Credential extends CredentialLimits {
  id: number;
  source: CredentialSource;
  label: string;
  secret: Record<string, string>;
  state: CredentialState;
  /** ms; set while cooling. */
  coolingUntil: number | null;
  lastError: string;
  requests: number;
  failures: number;
  freqLimited: number;
  lastUsedAt: number | null;
  lastSuccessAt: number | null;
}

export interface UsageDelta {
  requests: number;
  failures: number;
  freqLimited: number;
  lastUsedAt: number;
  /** The last successful request (0: none in this delta). */
  lastSuccessAt?: number;
}

/** Where credentials live; the pool reads it and reports state changes and usage to it. */
export interface CredentialStore {
  /** Credentials of a source that may be used at `nowMs` (active, or cooling that has ended). */
  usable(source: CredentialSource, nowMs: number): Promise<Credential[]>;
  coolDown(id: number, untilMs: number, reason: string): Promise<void>;
  markExpired(id: number, reason: string): Promise<void>;
  /** Retires a credential the upstream banned; only an admin brings it back. */
  ban(id: number, reason: string): Promise<void>;
  /** Counts a refusal (freq control); returns today's refusals so far, for ban detection. */
  refused(id: number, nowMs: number): Promise<number>;
  /** A renewed login (WeChat Reading's daily token): the new secret and its expiry. */
  renew(id: number, secret: Record<string, string>, expiresAtMs: number | null): Promise<void>;
  recordUsage(id: number, delta: UsageDelta): Promise<void>;
  /** How many credentials each source has in each state at `nowMs` (for /metrics). */
  states(nowMs: number): Promise<{ source: string; state: string; count: number }[]>;
}

/** Counts credentials by (source, state). */
function countStates(list: readonly Credential[]): { source: string; state: string; count: number }[] {
  const n = new Map<string, { source: string; state: string; count: number }>();
  for (const c of list) {
    const k = `${c.source}/${c.state}`;
    const row = n.get(k) ?? { source: c.source, state: c.state, count: 0 };
    row.count++;
    n.set(k, row);
  }
  return [...n.values()];
}

interface Row {
  id: string;
  source: CredentialSource;
  label: string;
  secret: Record<string, string>;
  state: CredentialState;
  cooling_until: Date | null;
  last_error: string;
  requests: string;
  failures: string;
  freq_limited: string;
  last_used_at: Date | null;
  last_success_at: Date | null;
  daily_budget: number | null;
  rate_per_min: number | null;
  egress: string;
  expires_at: Date | null;
  cost_fen: number;
  monthly_cap_fen: number | null;
  charges_failures: boolean;
}

const fromRow = (r: Row, nowMs?: number): Credential => {
  const until = r.cooling_until ? r.cooling_until.getTime() : null;
  // A cooldown that has run out reads as active; the row is left as is until the next change.
  const expiresAt = r.expires_at ? r.expires_at.getTime() : null;
  let state: CredentialState =
    r.state === 'cooling' && nowMs !== undefined && until !== null && until <= nowMs ? 'active' : r.state;
  // A login past its expiry reads as expired before the upstream has to say so.
  if (
    (state === 'active' || state === 'cooling') &&
    nowMs !== undefined &&
    expiresAt !== null &&
    expiresAt <= nowMs
  )
    state = 'expired';
  return {
    id: Number(r.id),
    source: r.source,
    label: r.label,
    secret: r.secret,
    state,
    coolingUntil: state === 'cooling' ? until : null,
    lastError: r.last_error,
    requests: Number(r.requests),
    failures: Number(r.failures),
    freqLimited: Number(r.freq_limited),
    lastUsedAt: r.last_used_at ? r.last_used_at.getTime() : null,
    lastSuccessAt: r.last_success_at ? r.last_success_at.getTime() : null,
    dailyBudget: r.daily_budget,
    ratePerMin: r.rate_per_min,
    egress: r.egress,
    expiresAt,
    costFen: r.cost_fen,
    monthlyCapFen: r.monthly_cap_fen,
    chargesFailures: r.charges_failures,
  };
};

/** Credentials in PostgreSQL (table upstream_credentials, migration 0101). */
export class PgCredentialStore implements CredentialStore {
  constructor(private db: Pick<Tx, 'query'>) {}

  async add(
    c: {
      source: CredentialSource;
      label?: string;
      secret: Record<string, string>;
    } & Partial<CredentialLimits>,
  ): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO upstream_credentials (source, label, secret, daily_budget, rate_per_min, egress, expires_at,
         cost_fen, monthly_cap_fen, charges_failures)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        c.source,
        c.label ?? '',
        JSON.stringify(c.secret),
        c.dailyBudget ?? null,
        c.ratePerMin ?? null,
        c.egress ?? '',
        c.expiresAt ? new Date(c.expiresAt) : null,
        c.costFen ?? 0,
        c.monthlyCapFen ?? null,
        c.chargesFailures ?? false,
      ],
    );
    return Number(row?.id);
  }

  /** Every credential with its state as of `nowMs` (for the admin view); secrets included. */
  async list(nowMs: number, source?: CredentialSource): Promise<Credential[]> {
    const rows = await this.db.query<Row>(
      `SELECT * FROM upstream_credentials WHERE ($1::text IS NULL OR source = $1) ORDER BY id`,
      [source ?? null],
    );
    return rows.map((r) => fromRow(r, nowMs));
  }

  async usable(source: CredentialSource, nowMs: number): Promise<Credential[]> {
    const rows = await this.db.query<Row>(
      `SELECT * FROM upstream_credentials
       WHERE source = $1 AND (state = 'active' OR (state = 'cooling' AND cooling_until <= $2))
         AND (expires_at IS NULL OR expires_at > $2)
       ORDER BY coalesce(last_used_at, 'epoch'::timestamptz), id`,
      [source, new Date(nowMs)],
    );
    return rows.map((r) => fromRow(r, nowMs));
  }

  async coolDown(id: number, untilMs: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET state = 'cooling', cooling_until = $2, last_error = $3,
         freq_limited = freq_limited + 1, updated_at = now()
       WHERE id = $1 AND state IN ('active', 'cooling')`,
      [id, new Date(untilMs), reason],
    );
  }

  async markExpired(id: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET state = 'expired', cooling_until = NULL, last_error = $2, updated_at = now()
       WHERE id = $1 AND state <> 'disabled'`,
      [id, reason],
    );
  }

  async ban(id: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET state = 'banned', cooling_until = NULL, last_error = $2, updated_at = now()
       WHERE id = $1 AND state <> 'disabled'`,
      [id, reason],
    );
  }

  async refused(id: number, nowMs: number): Promise<number> {
    // refusals_today counts within refusals_day (Beijing); a new day starts it again.
    const [r] = await this.db.query<{ n: number }>(
      `UPDATE upstream_credentials SET
         refusals_today = CASE WHEN refusals_day = $2::date THEN refusals_today + 1 ELSE 1 END,
         refusals_day = $2::date
       WHERE id = $1 RETURNING refusals_today AS n`,
      [id, beijingDay(nowMs)],
    );
    return r?.n ?? 0;
  }

  async renew(id: number, secret: Record<string, string>, expiresAtMs: number | null): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET secret = $2, expires_at = $3, updated_at = now()
       WHERE id = $1 AND state IN ('active', 'cooling', 'expired')`,
      [id, JSON.stringify(secret), expiresAtMs === null ? null : new Date(expiresAtMs)],
    );
  }

  /** Reactivates a credential (a new cookie was pasted in, or an admin lifted a cooldown). */
  async update(
    id: number,
    c: { secret?: Record<string, string>; state?: 'active' | 'disabled' },
  ): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET secret = coalesce($2::jsonb, secret), state = coalesce($3, state),
         cooling_until = CASE WHEN $3 IS NULL THEN cooling_until ELSE NULL END, updated_at = now()
       WHERE id = $1`,
      [id, c.secret ? JSON.stringify(c.secret) : null, c.state ?? (c.secret ? 'active' : null)],
    );
  }

  async recordUsage(id: number, d: UsageDelta): Promise<void> {
    await this.db.query(
      `UPDATE upstream_credentials SET requests = requests + $2, failures = failures + $3,
         last_used_at = greatest(coalesce(last_used_at, 'epoch'::timestamptz), $4),
         last_success_at = CASE WHEN $5::timestamptz IS NULL THEN last_success_at
           ELSE greatest(coalesce(last_success_at, 'epoch'::timestamptz), $5) END
       WHERE id = $1`,
      [
        id,
        d.requests,
        d.failures,
        new Date(d.lastUsedAt),
        d.lastSuccessAt ? new Date(d.lastSuccessAt) : null,
      ],
    );
  }

  async states(nowMs: number) {
    return countStates(await this.list(nowMs));
  }
}

/**
 * Credentials held in memory: for upstreams that need none (the built-in simulator, one anonymous
 * credential) and for credentials given in configuration. State changes live as long as the process.
 */
export class StaticCredentialStore implements CredentialStore {
  private creds: Credential[];

  constructor(
    entries: ({
      source: CredentialSource;
      label?: string;
      secret?: Record<string, string>;
    } & Partial<CredentialLimits>)[],
  ) {
    this.creds = entries.map((e, i) => ({
      ...NO_LIMITS,
      ...e,
      id: -(i + 1),
      source: e.source,
      label: e.label ?? 'anonymous',
      secret: e.secret ?? {},
      state: 'active',
      coolingUntil: null,
      lastError: '',
      requests: 0,
      failures: 0,
      freqLimited: 0,
      lastUsedAt: null,
      lastSuccessAt: null,
    }));
  }

  /** One anonymous credential per source: what the simulator needs. */
  static anonymous(): StaticCredentialStore {
    return new StaticCredentialStore(CREDENTIAL_SOURCES.map((source) => ({ source })));
  }

  list(): Credential[] {
    return this.creds.map((c) => ({ ...c }));
  }

  async usable(source: CredentialSource, nowMs: number): Promise<Credential[]> {
    return this.creds
      .filter((c) => {
        if (c.source !== source) return false;
        if (c.state === 'cooling' && (c.coolingUntil ?? 0) <= nowMs) {
          c.state = 'active';
          c.coolingUntil = null;
        }
        if (c.state === 'active' && c.expiresAt !== null && c.expiresAt <= nowMs) c.state = 'expired';
        return c.state === 'active';
      })
      .map((c) => ({ ...c }));
  }

  async coolDown(id: number, untilMs: number, reason: string): Promise<void> {
    const c = this.creds.find((x) => x.id === id);
    if (!c || c.state === 'expired' || c.state === 'disabled') return;
    Object.assign(c, {
      state: 'cooling',
      coolingUntil: untilMs,
      lastError: reason,
      freqLimited: c.freqLimited + 1,
    });
  }

  async markExpired(id: number, reason: string): Promise<void> {
    const c = this.creds.find((x) => x.id === id);
    if (c && c.state !== 'disabled')
      Object.assign(c, { state: 'expired', coolingUntil: null, lastError: reason });
  }

  async ban(id: number, reason: string): Promise<void> {
    const c = this.creds.find((x) => x.id === id);
    if (c && c.state !== 'disabled')
      Object.assign(c, { state: 'banned', coolingUntil: null, lastError: reason });
  }

  private refusals = new Map<number, { day: string; n: number }>();

  async refused(id: number, nowMs: number): Promise<number> {
    const day = beijingDay(nowMs);
    const r = this.refusals.get(id);
    const n = r && r.day === day ? r.n + 1 : 1;
    this.refusals.set(id, { day, n });
    return n;
  }

  async renew(id: number, secret: Record<string, string>, expiresAtMs: number | null): Promise<void> {
    const c = this.creds.find((x) => x.id === id);
    if (c && c.state !== 'disabled' && c.state !== 'banned')
      Object.assign(c, { secret, expiresAt: expiresAtMs });
  }

  async recordUsage(id: number, d: UsageDelta): Promise<void> {
    const c = this.creds.find((x) => x.id === id);
    if (!c) return;
    if (d.lastSuccessAt) c.lastSuccessAt = Math.max(c.lastSuccessAt ?? 0, d.lastSuccessAt);
    c.requests += d.requests;
    c.failures += d.failures;
    c.lastUsedAt = Math.max(c.lastUsedAt ?? 0, d.lastUsedAt);
  }

  async states(nowMs: number) {
    // usable() is what turns an ended cooldown back to active; count with the same rule.
    return countStates(
      this.creds.map((c) =>
        c.state === 'cooling' && (c.coolingUntil ?? 0) <= nowMs ? { ...c, state: 'active' as const } : c,
      ),
    );
  }
}
