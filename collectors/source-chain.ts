import { sourceServed } from '../core/metrics';
import { CAPABILITIES, type Capability, type Chains } from '../core/source-chains';
import type { MemberDb } from '../postgres/db';
import type { ParsedArticle } from './article-parser';
import { UpstreamError, type UpstreamErrorKind } from './http';
import type { ArticleLookup, Source, SourceAccount, SourceCounts, SourcePush, SourceVideo } from './source';

/**
 * Why a request moves on to the next source: freq control (200013, -2041), a ban, an expired login, a spent budget,
 * or no usable credential at all. Anything else (a refused article, a malformed answer, an outage) is the answer.
 */
const FALL_THROUGH: ReadonlySet<UpstreamErrorKind> = new Set([
  'freq',
  'banned',
  'expired',
  'budget',
  'no_credential',
]);

/** One source's part in the capabilities it serves. */
export interface ChainSource {
  name: string;
  search?(query: string): Promise<SourceAccount[]>;
  lists?(biz: string, begin: number, count: number): Promise<{ total: number; pushes: SourcePush[] }>;
  counts?(a: Parameters<Source['counts']>[0]): Promise<SourceCounts>;
  pages?(url: string): Promise<ParsedArticle>;
  videos?: Source['videoPosts'];
}

/** The chains an admin set (table source_chains, migration 0119); they override the environment's. */
export class PgSourceChainStore {
  constructor(private db: Pick<MemberDb, 'query'>) {}

  async load(): Promise<Partial<Chains>> {
    const rows = await this.db.query<{ capability: Capability; chain: string[] }>(
      'SELECT capability, chain FROM source_chains',
    );
    return Object.fromEntries(rows.map((r) => [r.capability, r.chain]));
  }

  async set(capability: Capability, chain: string[]): Promise<void> {
    await this.db.query(
      `INSERT INTO source_chains (capability, chain) VALUES ($1, $2)
       ON CONFLICT (capability) DO UPDATE SET chain = $2, updated_at = now()`,
      [capability, chain],
    );
  }

  /** Back to the default (the environment's chain) for this capability. */
  async clear(capability: Capability): Promise<void> {
    await this.db.query('DELETE FROM source_chains WHERE capability = $1', [capability]);
  }
}

/**
 * A Source whose post lists, counters, searches, pages and video posts each go down an ordered chain of sources:
 * the first that can serve it does, and a request falls through on freq control, a ban, an expired login or a spent
 * budget. What served it is recorded on the row (`via`) and counted on /metrics. Directory and profiles come from
 * `base` (they are not budgeted upstream calls of the scarce sources).
 */
export class SourceChain implements Source, ArticleLookup {
  readonly name = 'chain';
  private byName: Map<string, ChainSource>;

  constructor(
    private base: Pick<Source, 'listAccounts' | 'profile' | 'miniProgram'>,
    sources: ChainSource[],
    private chains: Chains,
  ) {
    this.byName = new Map(sources.map((s) => [s.name, s]));
    for (const cap of CAPABILITIES)
      for (const n of chains[cap])
        if (!this.byName.has(n)) throw new Error(`unknown source ${n} in the ${cap} chain`);
  }

  /** The chains in force (for the admin view). */
  current(): Chains {
    return { ...this.chains };
  }

  /** Changes one capability's chain while running (the admin page). */
  setChain(cap: Capability, names: string[]): void {
    for (const n of names) if (!this.byName.has(n)) throw new Error(`unknown source ${n}`);
    this.chains = { ...this.chains, [cap]: names };
  }

  private async serve<T>(
    cap: Capability,
    call: (s: ChainSource) => Promise<T> | undefined,
  ): Promise<{ value: T; via: string }> {
    let last: unknown = null;
    for (const name of this.chains[cap]) {
      const s = this.byName.get(name) as ChainSource;
      const p = call(s);
      if (!p) continue;
      try {
        const value = await p;
        sourceServed.inc({ capability: cap, source: name, outcome: 'ok' });
        return { value, via: name };
      } catch (e) {
        const kind = e instanceof UpstreamError ? e.kind : 'bug';
        sourceServed.inc({ capability: cap, source: name, outcome: kind });
        if (!(e instanceof UpstreamError) || !FALL_THROUGH.has(e.kind)) throw e;
        last = e;
      }
    }
    // Made only when needed: an error's stack costs more than the whole fall-through on the busy path.
    throw last ?? new UpstreamError(`no source serves ${cap}`, 'no_credential');
  }

  listAccounts(begin: number, count: number) {
    return this.base.listAccounts(begin, count);
  }

  profile(biz: string) {
    return this.base.profile(biz);
  }

  /** Bound to `base`: the crawler calls it as a free function (`source.miniProgram?.(appid)`). */
  get miniProgram() {
    return this.base.miniProgram?.bind(this.base);
  }

  async listPushes(biz: string, begin: number, count: number) {
    const { value, via } = await this.serve('lists', (s) => s.lists?.(biz, begin, count));
    return {
      total: value.total,
      pushes: value.pushes.map((p) => ({ ...p, articles: p.articles.map((a) => ({ ...a, via })) })),
    };
  }

  async counts(a: Parameters<Source['counts']>[0]): Promise<SourceCounts> {
    const { value, via } = await this.serve('counts', (s) => s.counts?.(a));
    return { ...value, via };
  }

  async searchAccounts(query: string): Promise<SourceAccount[]> {
    return (await this.serve('search', (s) => s.search?.(query))).value;
  }

  async article(url: string): Promise<ParsedArticle> {
    return (await this.serve('pages', (s) => s.pages?.(url))).value;
  }

  async videoPosts(
    finderUsername: string,
    page?: number,
    size?: number,
  ): Promise<{ total: number; videos: SourceVideo[]; finder: import('./source').SourceFinder | null }> {
    return (await this.serve('videos', (s) => s.videos?.(finderUsername, page, size))).value;
  }
}
