import type { AnalyticsStore } from '../clickhouse/store';

/** The few ClickHouse facts member lists show beside what members own (names, avatars, titles). */
export interface AccountBrief {
  mid: number;
  name: string;
  wxid: string;
  avatar: string;
}

export async function accountsByMid(
  store: AnalyticsStore,
  mids: number[],
): Promise<Map<number, AccountBrief>> {
  if (mids.length === 0) return new Map();
  const rows = await store.query<AccountBrief>(
    'SELECT mid, name, wxid, avatar FROM accounts FINAL WHERE mid IN {mids:Array(UInt64)}',
    { mids: [...new Set(mids)] },
  );
  return new Map(rows.map((r) => [Number(r.mid), { ...r, mid: Number(r.mid) }]));
}

export interface ArticleBrief {
  mid: number;
  aid: string;
  title: string;
  href: string;
  pubtime: string;
  idx: number;
}

export async function articlesByKey(
  store: AnalyticsStore,
  keys: { mid: number; aid: string }[],
): Promise<Map<string, ArticleBrief>> {
  if (keys.length === 0) return new Map();
  const rows = await store.query<ArticleBrief>(
    `SELECT mid, aid, title, href, toString(pubtime) AS pubtime, idx FROM articles FINAL
     WHERE mid IN {mids:Array(UInt64)} AND aid IN {aids:Array(String)}`,
    { mids: [...new Set(keys.map((k) => k.mid))], aids: [...new Set(keys.map((k) => k.aid))] },
  );
  return new Map(rows.map((r) => [`${r.mid}:${r.aid}`, { ...r, mid: Number(r.mid), idx: Number(r.idx) }]));
}
