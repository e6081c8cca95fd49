import type { MonitorTaskMessage } from '../../bus/messages';
import type { AnalyticsStore } from '../../clickhouse/store';
import { longLink, parseArticleUrl } from '../../collectors/article-url';
import { beijingDateTime } from '../../core/periods';
import { bizOf, midOf } from '../../core/wechat-ids';
import type { OrderRow } from '../../members/monitor-orders';
import { getAccount } from './accounts';

/**
 * What the monitoring order calls read from ClickHouse: the article behind a link, the account, where each
 * task stands (monitor_status, newest report by `at`) and the fake-traffic verdicts (fake_reports).
 */

export const WECHAT_BASE = 'https://mp.weixin.qq.com';

export interface LinkArticle {
  biz: string;
  mid: number;
  msgid: number;
  idx: number;
  sn: string;
  aid: string;
  title: string;
  pubtime: string;
  url: string;
  /** True when the article has been crawled (title and publish time are ours). */
  known: boolean;
}

export type Resolved<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; msg: string };

interface ArticleHead {
  mid: number;
  aid: string;
  biz: string;
  msgid: number;
  idx: number;
  sn: string;
  title: string;
  href: string;
  pubtime: string;
}

const ARTICLE_COLUMNS = `mid, aid, biz, msgid, idx, sn, title, href, toString(pubtime) AS pubtime`;

const headOf = (r: ArticleHead): LinkArticle => ({
  biz: r.biz,
  mid: Number(r.mid),
  msgid: Number(r.msgid),
  idx: Number(r.idx),
  sn: r.sn,
  aid: r.aid,
  title: r.title,
  pubtime: r.pubtime,
  url: r.href,
  known: true,
});

/** An article link (long or short) → the article; long links of articles not crawled yet answer what they say. */
export async function resolveArticleLink(store: AnalyticsStore, url: string): Promise<Resolved<LinkArticle>> {
  const link = parseArticleUrl(url);
  if (!link) return { ok: false, status: 400, msg: '参数错误：文章链接 (url) 不是有效的公众号文章链接' };
  if (link.kind === 'short') {
    const [r] = await store.query<ArticleHead>(
      `SELECT ${ARTICLE_COLUMNS} FROM articles FINAL WHERE endsWith(href, {suffix:String}) LIMIT 1`,
      { suffix: `/s/${link.token}` },
    );
    if (!r) return { ok: false, status: 404, msg: '未找到该短链接对应的文章，请使用文章的完整链接' };
    return { ok: true, value: headOf(r) };
  }
  let mid: number;
  try {
    mid = midOf(link.biz);
  } catch {
    return { ok: false, status: 400, msg: '参数错误：文章链接 (url) 中的 __biz 无效' };
  }
  const aid = `${link.msgid}_${link.idx}`;
  const [r] = await store.query<ArticleHead>(
    `SELECT ${ARTICLE_COLUMNS} FROM articles FINAL WHERE mid = {mid:UInt64} AND aid = {aid:String} LIMIT 1`,
    { mid, aid },
  );
  if (r) return { ok: true, value: headOf(r) };
  if (!link.sn)
    return { ok: false, status: 400, msg: '参数错误：文章链接 (url) 缺少 sn 参数，请复制完整的文章链接' };
  return {
    ok: true,
    value: {
      biz: link.biz,
      mid,
      msgid: link.msgid,
      idx: link.idx,
      sn: link.sn,
      aid,
      title: '',
      pubtime: '',
      url: longLink(WECHAT_BASE, link),
      known: false,
    },
  };
}

export interface AccountHead {
  mid: number;
  biz: string;
  name: string;
  wxid: string;
  avatar: string;
  owner: string;
}

/** The account with this mid, or (for a non-numeric id) this WeChat id / gh_ id; null when not collected. */
export async function findAccount(
  store: AnalyticsStore,
  by: { mid: number } | { wxid: string },
): Promise<AccountHead | null> {
  const r =
    'mid' in by
      ? await getAccount(store, by.mid)
      : (
          await store.query<AccountHead>(
            'SELECT mid, biz, name, wxid, avatar, owner FROM accounts FINAL WHERE wxid = {w:String} OR gh_id = {w:String} LIMIT 1',
            { w: by.wxid },
          )
        )[0];
  if (!r) return null;
  const mid = Number(r.mid);
  return { mid, biz: r.biz || bizOf(mid), name: r.name, wxid: r.wxid, avatar: r.avatar, owner: r.owner };
}

/** The __biz of an account link (its home page, e.g. /mp/profile_ext?action=home&__biz=…), or null. */
export function accountLinkBiz(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim().replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (parseArticleUrl(url)) return null;
  return u.searchParams.get('__biz') || null;
}

/**
 * The account a member means: by mid, by WeChat id (digits read as a mid), or by a link (an article link, long
 * or short, or an account's home link with __biz). 404 when the account has not been collected (included) yet.
 */
export async function resolveAccount(
  store: AnalyticsStore,
  input: { url?: string | undefined; mid?: number | undefined; wxid?: string | undefined },
): Promise<{ ok: true; acc: AccountHead } | { ok: false; status: 400 | 404; msg: string }> {
  let acc: AccountHead | null;
  if (input.mid !== undefined) acc = await findAccount(store, { mid: input.mid });
  else if (input.wxid !== undefined)
    acc = /^\d{1,19}$/.test(input.wxid)
      ? await findAccount(store, { mid: Number(input.wxid) })
      : await findAccount(store, { wxid: input.wxid });
  else {
    const biz = accountLinkBiz(input.url ?? '');
    if (biz !== null) {
      let mid: number;
      try {
        mid = midOf(biz);
      } catch {
        return { ok: false, status: 400, msg: '参数错误：链接 (url) 中的 __biz 无效' };
      }
      acc = await findAccount(store, { mid });
    } else {
      const r = await resolveArticleLink(store, input.url ?? '');
      if (!r.ok) return r;
      acc = await findAccount(store, { mid: r.value.mid });
    }
  }
  return acc ? { ok: true, acc } : { ok: false, status: 404, msg: '公众号不存在或尚未收录' };
}

export type TaskState = 'waiting' | 'monitoring' | 'done' | 'cancelled';

export interface TaskStatus {
  state: TaskState;
  aids: string[];
  start_ts: string | null;
  end_ts: string | null;
  polls: number;
}

/** The newest collector report of each task (monitor_status is replaced by `at`). */
export async function taskStatuses(
  store: AnalyticsStore,
  taskIds: string[],
): Promise<Map<string, TaskStatus>> {
  const out = new Map<string, TaskStatus>();
  if (taskIds.length === 0) return out;
  const rows = await store.query<TaskStatus & { task_id: string }>(
    `SELECT task_id, state, aids, toString(start_ts) AS start_ts, toString(end_ts) AS end_ts, polls
     FROM monitor_status FINAL WHERE task_id IN {ids:Array(String)}`,
    { ids: taskIds },
  );
  for (const r of rows) out.set(r.task_id, { ...r, polls: Number(r.polls) });
  return out;
}

export interface ArticleFacts {
  title: string;
  href: string;
  pubtime: string;
  /** Fake-traffic verdict: 0 normal, 1 fake, null not judged yet. */
  status: 0 | 1 | null;
}

/** Titles, links, publish times and verdicts of the given articles, keyed `<mid>_<aid>`. */
export async function articleFacts(
  store: AnalyticsStore,
  posts: { mid: number; aid: string }[],
): Promise<Map<string, ArticleFacts>> {
  const out = new Map<string, ArticleFacts>();
  if (posts.length === 0) return out;
  const params = { mids: [...new Set(posts.map((p) => p.mid))], aids: [...new Set(posts.map((p) => p.aid))] };
  const [arts, fakes] = await Promise.all([
    store.query<{ mid: number; aid: string; title: string; href: string; pubtime: string }>(
      `SELECT mid, aid, title, href, toString(pubtime) AS pubtime FROM articles FINAL
       WHERE mid IN {mids:Array(UInt64)} AND aid IN {aids:Array(String)}`,
      params,
    ),
    store.query<{ mid: number; aid: string; status: number }>(
      `SELECT mid, aid, status FROM fake_reports FINAL WHERE mid IN {mids:Array(UInt64)} AND aid IN {aids:Array(String)}`,
      params,
    ),
  ]);
  for (const a of arts)
    out.set(`${Number(a.mid)}_${a.aid}`, { title: a.title, href: a.href, pubtime: a.pubtime, status: null });
  for (const f of fakes) {
    const key = `${Number(f.mid)}_${f.aid}`;
    const facts = out.get(key) ?? { title: '', href: '', pubtime: '', status: null };
    facts.status = Number(f.status) === 1 ? 1 : 0;
    out.set(key, facts);
  }
  return out;
}

const STATE_LABEL: Record<TaskState, string> = {
  waiting: '等待开始',
  monitoring: '监测中',
  done: '已结束',
  cancelled: '已取消',
};

const POSITION_LABEL = ['全部', '头条', '次条', '第三条', '第四条', '第五条', '第六条', '第七条', '第八条'];

/** Beijing time of a unix-ms instant, as yyyy-mm-dd hh:mm:ss. */
export const beijing = beijingDateTime;

export const postLink = (post: string) => `/main/appsearch/monitorView?post=${encodeURIComponent(post)}`;

/** The articles an order monitors: its own article, or (next post) those the collector reported. */
export function orderPosts(o: OrderRow, status: TaskStatus | undefined): { mid: number; aid: string }[] {
  if (o.kind === 'article' && o.msgid !== null && o.idx !== null)
    return [{ mid: o.mid, aid: `${o.msgid}_${o.idx}` }];
  return (status?.aids ?? []).map((aid) => ({ mid: o.mid, aid }));
}

/** One row of the monitor record (spec §3): position, title, url, pubtime, start/end, day, status, postlink. */
export function monitorRecord(o: OrderRow, status: TaskStatus | undefined, facts: Map<string, ArticleFacts>) {
  const posts = orderPosts(o, status).map((p) => {
    const key = `${p.mid}_${p.aid}`;
    const f = facts.get(key);
    const [msgid, idx] = p.aid.split('_').map(Number);
    return {
      post: key,
      aid: p.aid,
      position: idx ?? 0,
      title: f?.title ?? '',
      url:
        f?.href ||
        (o.kind === 'article' && o.sn
          ? longLink(WECHAT_BASE, { biz: o.biz, msgid: msgid ?? 0, idx: idx ?? 1, sn: o.sn })
          : ''),
      pubtime: f?.pubtime ?? '',
      status: f?.status ?? null,
      postlink: postLink(key),
    };
  });
  const first = posts[0];
  // A cancelled order reads as cancelled at once, before the collector's report arrives.
  const state: TaskState = o.cancelled_ms !== null ? 'cancelled' : (status?.state ?? 'waiting');
  const fake: 0 | 1 | null = posts.some((p) => p.status === 1)
    ? 1
    : posts.some((p) => p.status === 0)
      ? 0
      : null;
  return {
    task_id: o.task_id,
    kind: o.kind,
    mid: o.mid,
    position: o.kind === 'article' ? (o.idx ?? 0) : o.position,
    position_label: POSITION_LABEL[o.kind === 'article' ? (o.idx ?? 0) : o.position] ?? '',
    title: first?.title ?? '',
    url: first?.url ?? '',
    pubtime: first?.pubtime ?? '',
    start_ts: status?.start_ts ?? '',
    end_ts: status?.end_ts ?? '',
    day: o.days,
    freq: o.freq_min,
    cost: o.cost,
    refunded: o.refunded,
    created: beijing(o.created_ms),
    status: fake,
    state,
    state_label: state === 'waiting' && o.kind === 'next_post' ? '等待发文' : STATE_LABEL[state],
    reported: status !== undefined,
    polls: status?.polls ?? 0,
    post: first?.post ?? '',
    postlink: first ? first.postlink : '',
    posts,
  };
}

export type MonitorRecord = ReturnType<typeof monitorRecord>;

/** Records for a batch of orders, with one ClickHouse read for statuses and one for the articles. */
export async function monitorRecords(store: AnalyticsStore, orders: OrderRow[]): Promise<MonitorRecord[]> {
  const statuses = await taskStatuses(
    store,
    orders.map((o) => o.task_id),
  );
  const facts = await articleFacts(
    store,
    orders.flatMap((o) => orderPosts(o, statuses.get(o.task_id))),
  );
  return orders.map((o) => monitorRecord(o, statuses.get(o.task_id), facts));
}

/** The task message a collector receives for an order (and, with `cancelled`, the message that stops it). */
export const monitorTaskMessage = (o: OrderRow, cancelled = false): MonitorTaskMessage => ({
  task_id: o.task_id,
  kind: o.kind,
  biz: o.biz,
  ...(o.msgid !== null ? { msgid: o.msgid } : {}),
  ...(o.idx !== null ? { idx: o.idx } : {}),
  ...(o.sn !== null ? { sn: o.sn } : {}),
  position: o.position,
  freq_min: o.freq_min as 1,
  days: o.days as 1,
  created_at: o.created_ms,
  ...(cancelled ? { cancelled: true } : {}),
});
