/**
 * The upstream's rules as of 2026-11 (docs/collectors.md), enforced when a test or the bench asks for them over
 * POST /__sim/rules: the back office answers 200013 to lists of other accounts; WeChat Reading gives each reading
 * account and each egress IP a daily budget, logins that lapse at Beijing midnight unless renewed, bans after a
 * burst; client (counts) keys lapse some hours after first use; the paid API has a per-second rate and charges each
 * call. Off by default: the demo keeps its generous upstream. Every request answered beyond a budget is counted in
 * `violations` — what a collector that stays within its budgets never causes.
 */
export interface RealRules {
  enabled: boolean;
  /** 200013 on /cgi-bin/appmsgpublish and /cgi-bin/appmsg list_ex. */
  backOfficeClosed: boolean;
  /** /web/mp/articles requests per reading account, and per egress IP, per Beijing day. */
  wereadPerAccount: number;
  wereadPerIp: number;
  /** More than `burstCount` requests of one reading account within `burstWindowMs` (upstream time) bans it for `banMs`. */
  burstCount: number;
  burstWindowMs: number;
  banMs: number;
  /** A client key answers "no session" this long after its first use (upstream time). */
  clientKeyTtlMs: number;
  /** Paid API calls per second per key (wall time) and price per call (分); whether failed calls are charged. */
  paidQps: number;
  paidCostFen: { history: number; counts: number; article: number };
  paidChargesFailures: boolean;
}

export const DEFAULT_REAL_RULES: RealRules = {
  enabled: false,
  backOfficeClosed: true,
  wereadPerAccount: 50,
  wereadPerIp: 300,
  burstCount: 10,
  burstWindowMs: 60_000,
  banMs: 24 * 3_600_000,
  clientKeyTtlMs: 6 * 3_600_000,
  paidQps: 5,
  paidCostFen: { history: 6, counts: 10, article: 4 },
  paidChargesFailures: true,
};

const BEIJING_MS = 8 * 3_600_000;
export const simDay = (ms: number): string => new Date(ms + BEIJING_MS).toISOString().slice(0, 10);

interface ReadingLogin {
  vid: string;
  skey: string;
  rt: string;
  /** The Beijing day its skey was issued: it lapses at the next midnight. */
  day: string;
  shelf: Set<string>;
  recent: number[];
  bannedUntil: number;
}

/** The rules' state: logins, shelves, daily counts, key first uses and paid-API spend. */
export class RealRulesState {
  rules: RealRules = { ...DEFAULT_REAL_RULES };
  violations = 0;
  private logins = new Map<string, ReadingLogin>();
  private pendingQr = new Map<string, string | null>();
  private daily = new Map<string, number>();
  private clientFirstUse = new Map<string, number>();
  private paidKeys = new Map<
    string,
    {
      balanceFen: number;
      spentFen: number;
      calls: number;
      chargedFailures: number;
      second: number;
      inSecond: number;
    }
  >();
  private seq = 0;

  constructor(private now: () => number) {}

  set(patch: Partial<RealRules>): void {
    this.rules = {
      ...this.rules,
      ...patch,
      paidCostFen: { ...this.rules.paidCostFen, ...(patch.paidCostFen ?? {}) },
    };
  }

  /** A paid key the provider knows, with its balance (分). */
  addPaidKey(key: string, balanceFen: number): void {
    this.paidKeys.set(key, { balanceFen, spentFen: 0, calls: 0, chargedFailures: 0, second: 0, inSecond: 0 });
  }

  // --- WeChat Reading login (QR) ---
  newQr(): string {
    const uid = `uid${++this.seq}${Math.floor(this.now() % 1e6)}`;
    this.pendingQr.set(uid, null);
    return uid;
  }

  /** The phone scanned and confirmed: a new reading account logs in (test and demo hook). */
  scan(uid: string): string | null {
    if (!this.pendingQr.has(uid)) return null;
    const vid = String(100_000 + ++this.seq);
    this.pendingQr.set(uid, vid);
    this.logins.set(vid, {
      vid,
      skey: `sk${this.seq}${vid}`,
      rt: `rt${this.seq}${vid}`,
      day: simDay(this.now()),
      shelf: new Set(),
      recent: [],
      bannedUntil: 0,
    });
    return vid;
  }

  /** What the login poll sees for a QR: nothing yet, or the new login's cookies. */
  loginInfo(uid: string): ReadingLogin | null | undefined {
    if (!this.pendingQr.has(uid)) return undefined;
    const vid = this.pendingQr.get(uid);
    return vid ? (this.logins.get(vid) ?? null) : null;
  }

  login(vid: string): ReadingLogin | undefined {
    return this.logins.get(vid);
  }

  renew(vid: string, rt: string): ReadingLogin | null {
    const l = this.logins.get(vid);
    if (!l || l.rt !== rt) return null;
    l.skey = `sk${++this.seq}${vid}`;
    l.day = simDay(this.now());
    return l;
  }

  ban(vid: string): void {
    const l = this.logins.get(vid);
    if (l) l.bannedUntil = this.now() + this.rules.banMs;
  }

  /**
   * Judges one /web/mp/articles request of `vid` with `skey` from `ip` for `bookId`: null to answer it, else the
   * WeChat Reading error to answer instead.
   */
  judgeReading(
    vid: string,
    skey: string,
    ip: string,
    bookId: string,
  ): { errCode: number; errMsg: string } | null {
    const now = this.now();
    const l = this.logins.get(vid);
    if (!l || l.skey !== skey || l.day !== simDay(now)) return { errCode: -2012, errMsg: '登录超时' };
    if (l.bannedUntil > now) return { errCode: -2041, errMsg: '操作过于频繁，请稍后再试' };
    if (!l.shelf.has(bookId)) return { errCode: -2041, errMsg: '无权限，请先将公众号加入书架' };
    const day = simDay(now);
    const byAccount = this.bump(`weread/${vid}/${day}`);
    const byIp = this.bump(`ip/${ip}/${day}`);
    if (byAccount > this.rules.wereadPerAccount || byIp > this.rules.wereadPerIp) {
      this.violations++;
      return { errCode: -2041, errMsg: '操作过于频繁，请稍后再试' };
    }
    l.recent = l.recent.filter((t) => t > now - this.rules.burstWindowMs);
    l.recent.push(now);
    if (l.recent.length > this.rules.burstCount) {
      l.bannedUntil = now + this.rules.banMs;
      return { errCode: -2041, errMsg: '操作过于频繁，请稍后再试' };
    }
    return null;
  }

  private bump(k: string): number {
    const n = (this.daily.get(k) ?? 0) + 1;
    this.daily.set(k, n);
    return n;
  }

  /** True while a client key is still a live session. */
  clientKeyLive(key: string): boolean {
    const now = this.now();
    const first = this.clientFirstUse.get(key);
    if (first === undefined) {
      this.clientFirstUse.set(key, now);
      return true;
    }
    return now - first < this.rules.clientKeyTtlMs;
  }

  /**
   * Charges one paid call: an error answer when the key is unknown, out of money or over its rate (charged when the
   * provider charges failures), else null with the call charged.
   */
  paidCall(
    key: string,
    kind: keyof RealRules['paidCostFen'],
  ): { code: number; msg: string; cost: number; remain: number } {
    const k = this.paidKeys.get(key);
    const cost = this.rules.paidCostFen[kind];
    if (!k) return { code: 20001, msg: '余额不足或 key 无效', cost: 0, remain: 0 };
    const second = Math.floor(Date.now() / 1000);
    if (k.second !== second) {
      k.second = second;
      k.inSecond = 0;
    }
    k.inSecond++;
    if (k.balanceFen - k.spentFen < cost)
      return { code: 20001, msg: '余额不足', cost: 0, remain: (k.balanceFen - k.spentFen) / 100 };
    if (k.inSecond > this.rules.paidQps) {
      this.violations++;
      const charged = this.rules.paidChargesFailures ? cost : 0;
      k.spentFen += charged;
      if (charged) k.chargedFailures++;
      return { code: -1, msg: 'QPS超限', cost: charged / 100, remain: (k.balanceFen - k.spentFen) / 100 };
    }
    k.spentFen += cost;
    k.calls++;
    return { code: 0, msg: '成功', cost: cost / 100, remain: (k.balanceFen - k.spentFen) / 100 };
  }

  /** The day's counts, paid spend and violations (GET /__sim/rules). */
  report() {
    return {
      rules: this.rules,
      violations: this.violations,
      daily: Object.fromEntries(this.daily),
      logins: [...this.logins.values()].map((l) => ({
        vid: l.vid,
        day: l.day,
        shelf: l.shelf.size,
        bannedUntil: l.bannedUntil,
      })),
      paid: Object.fromEntries(
        [...this.paidKeys].map(([key, v]) => [
          key,
          { spentFen: v.spentFen, calls: v.calls, chargedFailures: v.chargedFailures },
        ]),
      ),
    };
  }
}
