import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { can } from '../../members/membership';
import { M } from '../../members/messages';
import { originalTag } from '../../platform/copyright';
import { accountAnalysis, accountFigures } from '../account-analysis';
import {
  accountArticleStats,
  accountIdentity,
  accountListItem,
  accountProfile,
  getAccount,
  historyArticles,
  ownerAccountCount,
  sameOwnerAccounts,
  searchAccounts,
} from '../accounts-query';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { depthWindow } from '../history-depth';
import { accountId, flag, noNul, optionalDate, pageNumber, pageSize } from '../inputs';
import { memberOf, requireLevel } from '../member-session';
import { accountMiniproCount } from '../minipro-query';
import { recordSearch } from './groups';

const mid = accountId;
const page = pageNumber;
const date = optionalDate;
const keyword = z
  .string()
  .trim()
  .max(50, '不能超过 50 个字符')
  .refine(...noNul)
  .default('');

const detailInput = z.object({ mId: mid });

const pubListInput = z
  .object({
    mId: mid,
    page,
    // The history pager is 20 per page only (spec §9); smaller pages are allowed for API callers.
    num: pageSize(20),
    kw: keyword,
    kw_type: z.enum(['title', 'body'], { message: '只能是 title 或 body' }).default('title'),
    is_hot: flag,
    top: flag,
    start_time: date,
    end_time: date,
  })
  .refine((v) => !v.start_time || !v.end_time || v.start_time <= v.end_time, {
    message: '不能早于开始日期',
    path: ['end_time'],
  });

const pubListByTimeInput = pubListInput.refine(
  (v) => v.start_time !== undefined && v.end_time !== undefined,
  {
    message: '请选择开始日期和结束日期',
    path: ['start_time'],
  },
);

const searchInput = z.object({
  kw: keyword,
  page,
  num: pageSize(50, 20),
});

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Account search, detail and history posts (spec §7 Search). */
export function accountRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const { store, db } = deps;

  const detail = async (c: Context) => {
    const input = await parseInput(c, detailInput);
    if (!input.ok) return input.response;
    const id = input.data.mId;
    const member = memberOf(c);
    // Everything but the owner's count is read beside the account itself: one wait on the engine, not two.
    const [account, stats, collect, mine, analysis, applets] = await Promise.all([
      getAccount(store, id),
      accountArticleStats(store, id),
      db.query<{ n: number }>(
        'SELECT count(DISTINCT user_id)::int AS n FROM account_favorites WHERE mid = $1',
        [id],
      ),
      member
        ? db.query('SELECT 1 FROM account_favorites WHERE user_id = $1 AND mid = $2 LIMIT 1', [member.id, id])
        : Promise.resolve([]),
      // The header shows the stream's figures only: not the analysis tabs' read of the account's articles.
      accountFigures(store, id),
      accountMiniproCount(store, id),
    ]);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const ownerTotal = await ownerAccountCount(store, account.owner);
    return ok(c, {
      account: {
        ...accountProfile(account),
        qrcode: account.qrcode,
        collect_count: collect[0]?.n ?? 0,
        // Favourite state is per member; visitors have none.
        is_favorite: mine.length > 0 ? 1 : 0,
        mp_fetch_sum: stats.fetched,
        have_owner: account.owner ? 1 : 0,
        is_avatar: account.avatar ? 1 : 0,
        // owner_total counts every account of the owner, this one included; same_owner the others.
        owner_total: ownerTotal,
        same_owner: Math.max(0, ownerTotal - 1),
        pubtime: stats.lastPub,
        reg_time: account.reg_time,
        update_time: account.update_time.slice(0, 19),
        url_link_total: stats.links,
        associated_applet_total: applets,
        // The tooltip's account index and the estimated active fans (docs/analytics.md).
        index: analysis.index,
        wci: analysis.wci,
        fans: analysis.fans,
      },
    });
  };
  app.on(['GET', 'POST'], '/mp_detail', detail);

  // An included account and its analysis figures, or the answer to send instead.
  const analysed = async (c: Context, mid: number) => {
    const account = await getAccount(store, mid);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    return { account, a: await accountAnalysis(store, mid, Math.floor(deps.clock.now() / 1000)) };
  };

  // Basic analysis tab (spec §3 Statistics): paid levels; others get 40002 and the upgrade prompt.
  const statistic = async (c: Context) => {
    const input = await parseInput(c, detailInput);
    if (!input.ok) return input.response;
    const member = requireLevel(c, can.paidFeature);
    if (member instanceof Response) return member;
    const r = await analysed(c, input.data.mId);
    if (r instanceof Response) return r;
    const { account, a } = r;
    return ok(c, {
      analysis_info: {
        articles: a.articles7d,
        avg_top_read: a.avgTopRead,
        avg_second_read: a.avgSecondRead,
        avg_other_read: a.avgOtherRead,
        fans: a.fans,
      },
      avatar: account.avatar,
      read_overview: a.readOverview,
    });
  };
  app.on(['GET', 'POST'], '/detail_statistic', statistic);

  // Owner tab (spec §2): deluxe (level 3) and above; the owner, its area and its other accounts.
  const owner = async (c: Context) => {
    const input = await parseInput(c, detailInput);
    if (!input.ok) return input.response;
    const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
    if (member instanceof Response) return member;
    const account = await getAccount(store, input.data.mId);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const others = account.owner ? await sameOwnerAccounts(store, account.owner, input.data.mId) : [];
    return ok(c, {
      owner: account.owner,
      area: account.area,
      owner_total: others.length + (account.owner ? 1 : 0),
      same_accounts: others.map(accountIdentity),
    });
  };
  app.on(['GET', 'POST'], '/detail_owner', owner);

  // Posting-time chart of the owner tab: pushes per hour of day. Owner-tab content: level 3 (docs/members.md).
  const publicTime = async (c: Context) => {
    const input = await parseInput(c, z.object({ mid }));
    if (!input.ok) return input.response;
    const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
    if (member instanceof Response) return member;
    const r = await analysed(c, input.data.mid);
    return r instanceof Response ? r : ok(c, r.a.hours);
  };
  app.on(['GET', 'POST'], '/public_time', publicTime);

  const pubList = async (c: Context, schema: typeof pubListInput = pubListInput) => {
    const input = await parseInput(c, schema);
    if (!input.ok) return input.response;
    const q = input.data;
    const member = memberOf(c);
    // History depth by membership level (spec §6), enforced on the server: api/history-depth.ts.
    const { start } = depthWindow(member, deps.clock.now(), q.start_time);
    // The page is read beside the account itself (an unknown account has no articles): one wait on the engine less.
    const [account, { total, rows }] = await Promise.all([
      getAccount(store, q.mId),
      historyArticles(store, {
        mid: q.mId,
        page: q.page,
        num: q.num,
        kw: q.kw,
        kwType: q.kw_type,
        hotOnly: q.is_hot === 1,
        headlineOnly: q.top === 1,
        start,
        end: q.end_time ?? null,
      }),
    ]);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const aids = rows.map((r) => r.aid);
    const [favs, mineRows] = await Promise.all([
      aids.length
        ? db.query<{ aid: string; n: number }>(
            'SELECT aid, count(DISTINCT user_id)::int AS n FROM article_favorites WHERE mid = $1 AND aid = ANY($2) GROUP BY aid',
            [q.mId, aids],
          )
        : [],
      member && aids.length
        ? db.query<{ aid: string }>(
            'SELECT DISTINCT aid FROM article_favorites WHERE user_id = $1 AND mid = $2 AND aid = ANY($3)',
            [member.id, q.mId, aids],
          )
        : [],
    ]);
    const favCount = new Map(favs.map((f) => [f.aid, f.n]));
    const mine = new Set(mineRows.map((r) => r.aid));
    // Group by push: articles of one push share the post time (spec: History article group).
    const groups: { postTime: string; update_time: string; articles: unknown[] }[] = [];
    for (const r of rows) {
      let g = groups[groups.length - 1];
      if (!g || g.postTime !== r.pubtime) {
        g = { postTime: r.pubtime, update_time: '', articles: [] };
        groups.push(g);
      }
      if (r.up_time > g.update_time) g.update_time = r.up_time;
      const avgRead = Number(r.avg_read) || 0;
      const avgZan = Number(r.avg_zan) || 0;
      g.articles.push({
        position: Number(r.idx),
        tag: originalTag(r.copyright_stat),
        title: r.title,
        href: r.href,
        avg_zan: round2(avgZan),
        relative_zan: avgZan > 0 ? round2(Number(r.likes) / avgZan) : 0,
        quality_num: avgRead > 0 ? round2(Number(r.reads) / avgRead) : 0,
        avg_read: Math.round(avgRead),
        read: Number(r.reads),
        zan: Number(r.likes),
        looking: Number(r.looking),
        is_favorite: mine.has(r.aid) ? 1 : 0,
        favorite_count: favCount.get(r.aid) ?? 0,
        up_time: r.up_time,
        aid: r.aid,
        mid: q.mId,
        mp_name: account.name,
        np_name: account.name,
        // Beyond the spec's fields (which keep their names and values): the message kind and a reprint's source.
        kind: r.kind ?? '',
        source_account: r.source_account ?? '',
      });
    }
    return ok(c, { total, article_list: groups });
  };
  app.on(['GET', 'POST'], '/detail_pubList', (c) => pubList(c));
  // The date-range form of the history (the tab's date picker): both ends required.
  app.on(['GET', 'POST'], '/detail_pubList/time', (c) => pubList(c, pubListByTimeInput));

  app.post('/key_search', async (c) => {
    const input = await parseInput(c, searchInput);
    if (!input.ok) return input.response;
    const { kw, page: p, num } = input.data;
    const member = memberOf(c);
    if (member && p === 1) await recordSearch(db, member.id, kw, 'account');
    // Finding an owner's accounts by its name is the owner tab's content: level 3 (docs/members.md).
    const { total, rows } = await searchAccounts(store, { kw, page: p, num, byOwner: can.ownerInfo(member) });
    return ok(c, {
      total,
      accounts: rows.map(accountListItem),
    });
  });

  return app;
}
