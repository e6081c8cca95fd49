import type { Tx } from '../postgres/db';
import type { SourceAccount } from './source';

export interface IncludedAccount extends SourceAccount {
  mid: number;
  desc: string;
}

export type InclusionVia = 'directory' | 'name' | 'url';

/** The accounts the platform has included (收录): the regular crawl reads them all. */
export interface AccountRegistry {
  /** Adds the accounts not yet included; returns the bizs that were new. */
  include(accounts: IncludedAccount[], via: InclusionVia): Promise<Set<string>>;
  list(): Promise<IncludedAccount[]>;
}

/** For a platform without PostgreSQL in reach (tests of the crawl alone, benchmarks). */
export class MemoryAccountRegistry implements AccountRegistry {
  private m = new Map<string, IncludedAccount>();
  async include(accounts: IncludedAccount[]): Promise<Set<string>> {
    const fresh = new Set<string>();
    for (const a of accounts)
      if (!this.m.has(a.biz)) {
        this.m.set(a.biz, a);
        fresh.add(a.biz);
      }
    return fresh;
  }
  async list(): Promise<IncludedAccount[]> {
    return [...this.m.values()];
  }
}

/** Included accounts in PostgreSQL (table included_accounts, migration 0103). */
export class PgAccountRegistry implements AccountRegistry {
  constructor(private db: Pick<Tx, 'query'>) {}

  async include(accounts: IncludedAccount[], via: InclusionVia): Promise<Set<string>> {
    if (accounts.length === 0) return new Set();
    const rows = await this.db.query<{ biz: string }>(
      `INSERT INTO included_accounts (biz, mid, name, alias, avatar, description, via)
       SELECT u.*, $7::text FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[])
         AS u (biz, mid, name, alias, avatar, description)
       ON CONFLICT (biz) DO NOTHING RETURNING biz`,
      [
        accounts.map((a) => a.biz),
        accounts.map((a) => a.mid),
        accounts.map((a) => a.name),
        accounts.map((a) => a.alias),
        accounts.map((a) => a.avatar),
        accounts.map((a) => a.desc),
        via,
      ],
    );
    return new Set(rows.map((r) => r.biz));
  }

  async list(): Promise<IncludedAccount[]> {
    const rows = await this.db.query<{
      biz: string;
      mid: string;
      name: string;
      alias: string;
      avatar: string;
      description: string;
    }>('SELECT biz, mid, name, alias, avatar, description FROM included_accounts ORDER BY included_at, biz');
    return rows.map((r) => ({
      biz: r.biz,
      mid: Number(r.mid),
      name: r.name,
      alias: r.alias,
      avatar: r.avatar,
      desc: r.description,
    }));
  }
}
