/**
 * Fault injection, set over the simulator's own HTTP (/__sim/faults) so tests exercise collectors
 * exactly as a hostile upstream would: freq control (200013), an expired login (200003), 5xx, hangs, and any
 * answer body at all ('body', for fuzzing the collectors' readers).
 */
export const FAULT_MODES = ['freq', 'expired', 'server_error', 'hang', 'body'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultRule {
  mode: FaultMode;
  /** Only requests whose path starts with this (e.g. '/mp/getappmsgext'). */
  path?: string;
  /** Only requests carrying this credential (token, key or cookie value anywhere in URL or Cookie). */
  credential?: string;
  /** How many requests the rule answers before it lapses; unset means until cleared. */
  times?: number;
  /** HTTP status for server_error (default 503). */
  status?: number;
  /** What 'body' answers, with status 200 and content type application/json: a malformed or hostile answer. */
  body?: string;
}

export class Faults {
  private rules: FaultRule[] = [];
  private hangs = new Set<() => void>();
  /** Requests answered by a fault, by mode. */
  readonly injected: Record<FaultMode, number> = { freq: 0, expired: 0, server_error: 0, hang: 0, body: 0 };

  set(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r }));
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Clears every rule and releases requests left hanging. */
  clear(): void {
    this.rules = [];
    for (const release of this.hangs) release();
    this.hangs.clear();
  }

  /** The rule that answers this request, if any; counts it against the rule's `times`. */
  match(path: string, url: string, cookie: string): FaultRule | null {
    for (const r of this.rules) {
      if (r.path && !path.startsWith(r.path)) continue;
      if (r.credential && !url.includes(r.credential) && !cookie.includes(r.credential)) continue;
      if (r.times !== undefined) {
        if (r.times <= 0) continue;
        r.times--;
      }
      this.injected[r.mode]++;
      return r;
    }
    return null;
  }

  /** A request that never gets an answer until the rules are cleared or the server closes. */
  hang(): Promise<void> {
    return new Promise((resolve) => this.hangs.add(resolve));
  }
}
