import type { Context } from 'hono';
import { PgTierReports } from '../../collectors/tier-reports';
import { contract } from '../../contract';
import type { HandlerInput } from '../../contract/define';
import { M } from '../../contract/member-texts';
import type { HistoryArticleGroup } from '../../contract/shapes/accounts';
import { originalTag } from '../../core/copyright';
import { addDays, beijingDay } from '../../core/periods';
import { can } from '../../members/membership';
import { MonitorOrders } from '../../members/monitor-orders';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthWindow } from '../history-depth';
import { handle, type Mounted, type Refusals } from '../http/mount';
import { memberOf, requireLevel } from '../member-session';
import { accountAnalysis, accountFigures } from '../queries/account-analysis';
import { accountTrend } from '../queries/account-trend';
import {
  accountArticleStats,
  accountIdentity,
  accountProfile,
  getAccount,
  historyArticles,
  ownerAccountCount,
  sameOwnerAccounts,
} from '../queries/accounts';
import { fakeVerdicts } from '../queries/fake-report';
import { accountFreshness } from '../queries/freshness';
import { accountMiniproCount } from '../queries/minipro';
import { similarAccounts } from '../queries/similar';

const { search, account: accountCalls } = contract;

const NOT_INCLUDED = '公众号不存在或尚未收录';
const round2 = (n: number) => Math.round(n * 100) / 100;
const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/**
 * The level-gated tabs check their input before the member's level (a bad mId is 400 for anyone): their gate runs
 * in the handler, after the input is parsed.
 */
const gateInHandler: Refusals = { gate: () => null };

/**
 * The account (公众号) detail and its tabs (history, analysis and its trend, owner, similar accounts) and the owner
 * counts (spec §7 Search, Account same_owner_count).
 */
export function accountDetailHandlers(deps: ApiDeps): Mounted[] {
  const { store, db } = deps;
  const tierReports = new PgTierReports(db);
  const monitorOrders = new MonitorOrders(db);

  // An included account and its analysis figures, or the answer to send instead.
  const analysed = async (c: Context, mid: number) => {
    const account = await getAccount(store, mid);
    if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
    return { account, a: await accountAnalysis(store, mid, Math.floor(deps.clock.now() / 1000)) };
  };

  const pubList = async (q: HandlerInput<typeof search.detailPubList>, c: Context) => {
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
    if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
    const aids = rows.map((r) => r.aid);
    const [favs, mineRows, verdicts] = await Promise.all([
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
      fakeVerdicts(store, q.mId, aids),
    ]);
    const favCount = new Map(favs.map((f) => [f.aid, f.n]));
    const mine = new Set(mineRows.map((r) => r.aid));
    // Group by push: articles of one push share the post time (spec: History article group).
    const groups: HistoryArticleGroup[] = [];
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
        // The fake-traffic verdict when the detector has judged it (the row then links to its report).
        fake_status: verdicts.get(r.aid) ?? null,
      });
    }
    return { total, article_list: groups };
  };

  return [
    handle(search.mpDetail, async ({ mId: id }, c) => {
      const member = memberOf(c);
      // Everything but the owner's count is read beside the account itself: one wait on the engine, not two.
      const [account, stats, collect, mine, analysis, applets, monitorNum] = await Promise.all([
        getAccount(store, id),
        accountArticleStats(store, id),
        db.query<{ n: number }>(
          'SELECT count(DISTINCT user_id)::int AS n FROM account_favorites WHERE mid = $1',
          [id],
        ),
        member
          ? db.query('SELECT 1 FROM account_favorites WHERE user_id = $1 AND mid = $2 LIMIT 1', [
              member.id,
              id,
            ])
          : Promise.resolve([]),
        // The header shows the stream's figures only: not the analysis tabs' read of the account's articles.
        accountFigures(store, id),
        accountMiniproCount(store, id),
        member ? monitorOrders.countOnAccount(member.id, id) : Promise.resolve(0),
      ]);
      if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
      const [ownerTotal, freshness] = await Promise.all([
        ownerAccountCount(store, account.owner),
        accountFreshness(db, tierReports, id, stats.lastPub, deps.clock.now()),
      ]);
      return {
        account: {
          ...accountProfile(account),
          qrcode: account.qrcode,
          collect_count: collect[0]?.n ?? 0,
          // Favourite state is per member; visitors have none.
          is_favorite: bit(mine.length > 0),
          mp_fetch_sum: stats.fetched,
          have_owner: bit(Boolean(account.owner)),
          is_avatar: bit(Boolean(account.avatar)),
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
          // The member's own monitoring orders on the account (mpaccount_monitor_num's count).
          monitor_num: monitorNum,
          // No follower demographics are collected: unknown, said as null (contract/shapes/accounts.ts).
          group_age: null,
          group_sex: null,
          freshness,
        },
      };
    }),

    // Basic analysis tab (spec §3 Statistics): paid levels; others get 40002 and the upgrade prompt.
    handle(
      search.detailStatistic,
      async ({ mId }, c) => {
        const member = requireLevel(c, can.paidFeature);
        if (member instanceof Response) return member;
        const r = await analysed(c, mId);
        if (r instanceof Response) return r;
        const { account, a } = r;
        return {
          analysis_info: {
            articles: a.articles7d,
            avg_top_read: a.avgTopRead,
            avg_second_read: a.avgSecondRead,
            avg_other_read: a.avgOtherRead,
            fans: a.fans,
          },
          avatar: account.avatar,
          read_overview: a.readOverview,
        };
      },
      gateInHandler,
    ),

    // Owner tab (spec §2): deluxe (level 3) and above; the owner, its area and its other accounts.
    handle(
      search.detailOwner,
      async ({ mId }, c) => {
        const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
        if (member instanceof Response) return member;
        const account = await getAccount(store, mId);
        if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
        const others = account.owner ? await sameOwnerAccounts(store, account.owner, mId) : [];
        return {
          owner: account.owner,
          area: account.area,
          owner_total: others.length + (account.owner ? 1 : 0),
          same_accounts: others.map(accountIdentity),
        };
      },
      gateInHandler,
    ),

    // Posting-time chart of the owner tab: pushes per hour of day. Owner-tab content: level 3 (docs/members.md).
    handle(
      search.publicTime,
      async ({ mid }, c) => {
        const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
        if (member instanceof Response) return member;
        const r = await analysed(c, mid);
        return r instanceof Response ? r : r.a.hours;
      },
      gateInHandler,
    ),

    handle(search.detailPubList, pubList),
    // The date-range form of the history (the tab's date picker): both ends required.
    handle(search.detailPubListTime, pubList),

    // The owner's other accounts, paged: owner information is for deluxe members and above, like detail_owner.
    handle(
      search.mpSameOwner,
      async ({ mid, page, num }, c) => {
        const member = requireLevel(c, can.ownerInfo, 'error_code', M.OWNER_LEVEL);
        if (member instanceof Response) return member;
        const account = await getAccount(store, mid);
        if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
        const [others, ownerTotal] = account.owner
          ? await Promise.all([
              sameOwnerAccounts(store, account.owner, mid, { limit: num, offset: (page - 1) * num }),
              ownerAccountCount(store, account.owner),
            ])
          : [[], 0];
        return {
          owner: account.owner,
          total: Math.max(0, ownerTotal - 1),
          accounts: others.map(accountIdentity),
        };
      },
      gateInHandler,
    ),

    // How many other accounts share the account's owner (public, like mp_detail).
    handle(accountCalls.sameOwnerCount, async ({ mid }, c) => {
      const account = await getAccount(store, mid);
      if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
      const total = await ownerAccountCount(store, account.owner);
      return { owner: account.owner, owner_total: total, same_owner: Math.max(0, total - 1) };
    }),

    // Similar accounts (definition in api/queries/similar.ts).
    // Restricted like basic analysis (spec §6: the upgrade prompt); the input is checked before the level.
    handle(
      search.mpSimilar,
      async (q, c) => {
        const member = requireLevel(c, can.paidFeature);
        if (member instanceof Response) return member;
        if (!(await getAccount(store, q.mid))) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
        const { total, rows } = await similarAccounts(store, {
          mid: q.mid,
          sort: q.sort,
          page: q.page,
          size: q.num,
        });
        return {
          total,
          accounts: rows.map((r) => ({
            mid: Number(r.mid),
            mp_name: r.name,
            name: r.name,
            wxid: r.wxid,
            avatar: r.avatar,
            qrcode: r.qrcode,
            zhuti: r.owner,
            owner: r.owner,
            same_owner: Number(r.same_owner ?? 0),
            index: Number(r.account_index ?? 0),
            desc: r.description,
            media: r.media,
            area: r.area,
            tag: r.tags,
            fans: Number(r.fans ?? 0),
            match: Number(r.match),
            head_avg_read: Number(r.head_avg_reads ?? 0),
            head_avg_zan: Number(r.head_avg_likes ?? 0),
            week_posts: Number(r.posts_7d ?? 0),
          })),
        };
      },
      gateInHandler,
    ),

    // The basic-analysis figures per day: the same paid levels as detail_statistic, within the history depth.
    handle(
      search.tDetailStatistic,
      async (q, c) => {
        const member = requireLevel(c, can.paidFeature);
        if (member instanceof Response) return member;
        const account = await getAccount(store, q.mId);
        if (!account) return fail(c, 404, Codes.NOT_FOUND, NOT_INCLUDED);
        const now = deps.clock.now();
        const today = beijingDay(now);
        const end = q.end_time && q.end_time < today ? q.end_time : today;
        // History depth by level (spec §6), enforced on the server: nothing before the member's earliest day.
        const { start, earliest, limited } = depthWindow(
          member,
          now,
          q.start_time ?? addDays(today, -(q.days - 1)),
        );
        const { list, total } = await accountTrend(store, q.mId, start, end);
        return {
          mid: q.mId,
          name: account.name,
          start,
          end,
          earliest,
          depth_limited: bit(limited),
          dates: list.map((d) => d.date),
          list,
          total,
        };
      },
      gateInHandler,
    ),
  ];
}
