import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import type { AnalyticsStore } from '../../clickhouse/store';
import type { Accepted } from './load';

/**
 * The end of a chaos run: everything the platform accepted is there exactly once.
 *  - PostgreSQL: every accepted member, group, favourite, monitor order and VIP order is a row, once; every
 *    accepted monitor task reached the collectors (a monitor_tasks row).
 *  - API: each member sees their groups, favourites, tasks and orders.
 *  - ClickHouse: a snapshot (article, account) counts as accepted once Kafka acknowledged its produce, i.e. it is
 *    in the topic; every distinct key read back from the topic is in ClickHouse. Results have no duplicates:
 *    FINAL counts equal the distinct keys, rankings one row per account and period, report charts one point per
 *    minute.
 */

export interface Finding {
  what: string;
  lost: number;
  duplicates: number;
  detail?: string;
}

/** Every message of a topic from offset 0 to its end now: key and parsed value. */
export async function readTopic(brokers: string, topic: string): Promise<unknown[]> {
  const kafka = new Kafka({ brokers: [brokers], logLevel: logLevel.NOTHING, clientId: 'chaos-verify' });
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  let remaining = ends.reduce((n, p) => n + Number(BigInt(p.high) - BigInt(p.low)), 0);
  const out: unknown[] = [];
  if (remaining === 0) return out;
  const consumer = kafka.consumer({ groupId: `chaos-verify-${process.pid}-${Date.now()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`reading ${topic}: ${remaining} messages missing`)),
      120_000,
    );
    void consumer.run({
      eachMessage: async ({ message }) => {
        try {
          out.push(JSON.parse(message.value?.toString() ?? 'null'));
        } catch {
          out.push(null);
        }
        if (--remaining === 0) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return out;
}

/**
 * The stream's consumer groups (`<prefix>stream-writer.<topic>`): every message Kafka holds has been committed,
 * i.e. handled (written to ClickHouse) — the topics this run does not read back key by key included.
 */
export async function verifyCommitted(brokers: string, prefix: string): Promise<Finding[]> {
  const admin = new Kafka({
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    clientId: 'chaos-verify',
  }).admin();
  await admin.connect();
  try {
    const groupPrefix = `${prefix}stream-writer.`;
    const { groups } = await admin.listGroups();
    const out: Finding[] = [];
    for (const g of groups
      .filter((x) => x.groupId.startsWith(groupPrefix))
      .sort((a, b) => a.groupId.localeCompare(b.groupId))) {
      const topic = `${prefix}${g.groupId.slice(groupPrefix.length)}`;
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId: g.groupId, topics: [topic] });
      const at = new Map((committed?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]));
      let behind = 0n;
      let total = 0n;
      const parts: string[] = [];
      for (const p of ends) {
        const c = at.get(p.partition) ?? -1n;
        const from = c < 0n ? BigInt(p.low) : c;
        total += BigInt(p.high) - BigInt(p.low);
        if (BigInt(p.high) > from) {
          behind += BigInt(p.high) - from;
          parts.push(`p${p.partition} ${from}/${p.high}`);
        }
      }
      out.push({
        what: `Kafka ${topic}: ${total} messages, committed by the stream`,
        lost: Number(behind),
        duplicates: 0,
        detail: parts.length ? `uncommitted: ${parts.join(', ')}` : undefined,
      });
    }
    return out;
  } finally {
    await admin.disconnect();
  }
}

type Row = Record<string, unknown>;

/** Topic keys missing from a ClickHouse table; `keyOf` builds the same key string on both sides. */
async function missingFromStore(
  store: AnalyticsStore,
  messages: unknown[],
  sql: string,
  keyOf: (r: Row) => string,
): Promise<{ keys: number; missing: string[] }> {
  const want = new Set(messages.filter((m): m is Row => m !== null && typeof m === 'object').map(keyOf));
  const have = new Set((await store.query<Row>(sql)).map(keyOf));
  return { keys: want.size, missing: [...want].filter((k) => !have.has(k)) };
}

export async function verifyStore(
  store: AnalyticsStore,
  brokers: string,
  prefix: string,
): Promise<{ findings: Finding[]; counts: Record<string, number> }> {
  const findings: Finding[] = [];
  const counts: Record<string, number> = {};
  const tables = [
    {
      topic: 'snapshots',
      table: 'article_snapshots',
      read: 'SELECT mid, aid, toUnixTimestamp(ts) AS ts FROM article_snapshots',
      key: (r: Row) => `${r.mid}|${r.aid}|${r.ts}`,
      distinct: 'uniqExact(mid, aid, ts)',
    },
    {
      topic: 'articles',
      table: 'articles',
      read: 'SELECT mid, aid FROM articles',
      key: (r: Row) => `${r.mid}|${r.aid}`,
      distinct: 'uniqExact(mid, aid)',
    },
    {
      topic: 'accounts',
      table: 'accounts',
      read: 'SELECT mid FROM accounts',
      key: (r: Row) => String(r.mid),
      distinct: 'uniqExact(mid)',
    },
  ];
  for (const t of tables) {
    const messages = await readTopic(brokers, `${prefix}${t.topic}`);
    const m = await missingFromStore(store, messages, t.read, t.key);
    const [c] = await store.query<{ final: string; distinct: string }>(
      `SELECT (SELECT count() FROM ${t.table} FINAL) AS final, (SELECT ${t.distinct} FROM ${t.table}) AS distinct`,
    );
    const dups = Number(c?.final) - Number(c?.distinct);
    counts[`${t.topic}_in_topic`] = messages.length;
    counts[`${t.topic}_keys`] = m.keys;
    findings.push({
      what: `ClickHouse ${t.table}: ${m.keys} distinct keys acknowledged by Kafka (${messages.length} messages)`,
      lost: m.missing.length,
      duplicates: Math.max(0, dups),
      detail: m.missing.length ? `missing e.g. ${m.missing.slice(0, 3).join(', ')}` : undefined,
    });
  }
  const [r] = await store.query<{ rows: string; dups: string; accounts: string }>(
    `SELECT count() AS rows, countIf(n > 1) AS dups, uniqExact(mid) AS accounts FROM
       (SELECT rank_type, period, period_start, mid, count() AS n FROM rankings FINAL
        GROUP BY rank_type, period, period_start, mid)`,
  );
  counts.ranking_rows = Number(r?.rows);
  findings.push({
    what: `ClickHouse rankings: ${r?.rows} rows, ${r?.accounts} accounts, one row per account and period`,
    lost: 0,
    duplicates: Number(r?.dups),
  });
  return { findings, counts };
}

/** PostgreSQL rows of everything accepted, each counted: 0 is lost, more than 1 a duplicate. */
export async function verifyPostgres(url: string, a: Accepted): Promise<Finding[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tally = async (what: string, sql: string, keys: unknown[][]): Promise<Finding> => {
      let lost = 0;
      let duplicates = 0;
      const examples: string[] = [];
      for (const k of keys) {
        const [row] = (await c.query<{ n: number }>(sql, k)).rows;
        const n = Number(row?.n ?? 0);
        if (n === 0) {
          lost++;
          if (examples.length < 3) examples.push(k.join('/'));
        }
        if (n > 1) duplicates += n - 1;
      }
      return {
        what: `PostgreSQL ${what}: ${keys.length} accepted`,
        lost,
        duplicates,
        detail: examples.length ? `missing e.g. ${examples.join(', ')}` : undefined,
      };
    };
    return [
      await tally(
        'members',
        'SELECT count(*)::int AS n FROM users WHERE phone = $1',
        a.members.map((m) => [m.phone]),
      ),
      await tally(
        'account groups',
        'SELECT count(*)::int AS n FROM account_groups WHERE id = $1 AND name = $2',
        a.groups.map((g) => [g.id, g.name]),
      ),
      await tally(
        'favourites',
        'SELECT count(*)::int AS n FROM account_favorites WHERE group_id = $1 AND mid = $2',
        a.favourites.map((f) => [f.group, f.mid]),
      ),
      await tally(
        'monitor orders',
        'SELECT count(*)::int AS n FROM monitor_orders WHERE task_id = $1',
        a.tasks.map((t) => [t.id]),
      ),
      await tally(
        'monitor tasks at the collectors',
        'SELECT count(*)::int AS n FROM monitor_tasks WHERE task_id = $1',
        a.tasks.map((t) => [t.id]),
      ),
      await tally(
        'VIP orders',
        'SELECT count(*)::int AS n FROM orders WHERE out_trade_no = $1',
        a.orders.map((o) => [o.no]),
      ),
    ];
  } finally {
    await c.end();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read field by field
type Json = any;

/** What each member sees through the API: their groups, favourites, tasks and orders; reports without repeats. */
export async function verifyApi(a: Accepted): Promise<Finding[]> {
  const members = new Set([
    ...a.groups.map((g) => g.client),
    ...a.tasks.map((t) => t.client),
    ...a.orders.map((o) => o.client),
  ]);
  const seen = { groups: 0, favourites: 0, tasks: 0, orders: 0 };
  const dups = { groups: 0, favourites: 0, tasks: 0, orders: 0 };
  const count = (ids: string[], want: Set<string>, k: keyof typeof seen) => {
    const n = new Map<string, number>();
    for (const id of ids) n.set(id, (n.get(id) ?? 0) + 1);
    for (const w of want) {
      const x = n.get(w) ?? 0;
      if (x > 0) seen[k]++;
      if (x > 1) dups[k] += x - 1;
    }
  };
  for (const client of members) {
    const groups = (await client.get('/fbmain/search/v1/group_list')).body.data as Json[];
    count(
      groups.map((g) => String(g.group_id)),
      new Set(a.groups.filter((g) => g.client === client).map((g) => String(g.id))),
      'groups',
    );
    const favs = (await client.get('/fbmain/search/v1/favorite_list', { page: 1, num: 100 })).body.data;
    const favList = (favs?.list ?? favs?.account_list ?? []) as Json[];
    count(
      favList.map((f) => `${f.group_id}|${f.mid}`),
      new Set(a.favourites.filter((f) => f.client === client).map((f) => `${f.group}|${f.mid}`)),
      'favourites',
    );
    const tasks = (await client.get('/fbmain/monitor/v1/history_task_list', { page: 1, pagesize: 50 })).body
      .data?.list as Json[];
    count(
      (tasks ?? []).map((t) => String(t.task_id)),
      new Set(a.tasks.filter((t) => t.client === client).map((t) => t.id)),
      'tasks',
    );
    const orders: Json[] = [];
    for (let page = 1; page < 100; page++) {
      const list = (await client.get('/fbmain/account/v1/list_user_order', { page, num: 20 })).body.data
        ?.list as Json[] | undefined;
      if (!list?.length) break;
      orders.push(...list);
    }
    count(
      orders.map((o) => String(o.out_trade_no)),
      new Set(a.orders.filter((o) => o.client === client).map((o) => o.no)),
      'orders',
    );
  }
  const findings: Finding[] = [
    { what: 'API group_list', lost: a.groups.length - seen.groups, duplicates: dups.groups },
    { what: 'API favorite_list', lost: a.favourites.length - seen.favourites, duplicates: dups.favourites },
    { what: 'API history_task_list', lost: a.tasks.length - seen.tasks, duplicates: dups.tasks },
    { what: 'API list_user_order', lost: a.orders.length - seen.orders, duplicates: dups.orders },
  ];
  // Monitor reports: one chart point per minute of each monitored article.
  let points = 0;
  let repeated = 0;
  let unpolled = 0;
  for (const t of a.tasks) {
    const times = ((await t.client.get('/fbmain/monitor/v1/read_praise_report', { post: t.post })).body.data
      ?.charts?.time ?? []) as string[];
    points += times.length;
    repeated += times.length - new Set(times).size;
    if (times.length === 0) unpolled++;
  }
  findings.push({
    what: `API read_praise_report: ${a.tasks.length} reports, ${points} points, ${unpolled} without a point`,
    lost: unpolled,
    duplicates: repeated,
  });
  return findings;
}
