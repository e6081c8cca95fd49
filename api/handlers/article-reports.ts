import type { Context } from 'hono';
import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { collectedMedia, setAccountMedia } from '../../members/account-overrides';
import { can, levelName } from '../../members/membership';
import type { Member } from '../../members/sessions';
import type { ApiDeps } from '../deps';
import { handle, type Mounted, Said } from '../http/mount';
import { apiUserDetail } from '../member-extras-query';
import { maskPhone, memberOf, notLoggedIn } from '../member-session';
import { answer, member, monitorRefusals } from '../monitor-envelope';
import { canReadSeries, seriesAccess } from '../monitor-series-access';
import {
  type ArticleRef,
  articleClaim,
  articleRefOf,
  latestCounts,
  spendTime,
  zanLookReport,
} from '../queries/article-reports';
import { fakeReport } from '../queries/fake-report';

const { monitor, monitorV3 } = contract;

/** Labels of these calls' own fields; the rest come from the shared monitor envelope. */
const LABELS: Record<string, string> = {
  post: '报告文章 (post)',
  url: '文章链接 (url)',
  media: '行业 (media)',
  note: '备注 (note)',
  clear: '清除修正 (clear)',
};
/** These calls check the input before the member: bad input answers 400 even to a visitor. */
const afterInput = monitorRefusals(LABELS, { gateAfterInput: true });

/**
 * A monitored article's reports (/monitor/v1 read_praise_report, read_praise, read_zan_look_report, spend_time), its
 * latest counts and original claim (/monitor/v3 read_zan, tencent_claim), the API customer's account (/monitor/v3
 * api_user_detail) and the admin's industry override (ManualSetMpAccountType). Members only; `status` 200 on
 * success. A monitored article's series is shown only to the members who ordered its monitoring
 * (api/monitor-series-access.ts).
 */
export function articleReportHandlers(deps: ApiDeps): Mounted[] {
  /**
   * A members' call on one article: the article, then the member, then `read`; 404 with `missing` when it has
   * nothing. `series` calls show the article's monitoring series: only its monitors' members read one.
   */
  const articleCall =
    <T>(
      read: (store: ApiDeps['store'], ref: ArticleRef) => Promise<T | null>,
      missing: string,
      opts: { series?: boolean } = {},
    ) =>
    async (q: { post?: string | undefined; url?: string | undefined }, c: Context) => {
      const r = await articleRefOf(deps.store, q);
      if (!r.ok) return answer(c, r.status, r.msg);
      const me = member(c);
      if (me instanceof Response) return me;
      if (opts.series && !(await canReadSeries(deps, me, r.ref)))
        return answer(c, 403, M.MONITOR_SERIES_OWNER_ONLY);
      const found = await read(deps.store, r.ref);
      return found ? { data: found } : answer(c, 404, missing);
    };

  /** The fake-traffic report (pre-campaign analysis, spec §2/§3), or the answer to send instead. */
  const report = async (q: { post: { mid: number; aid: string } }, c: Context) => {
    const me = memberOf(c);
    if (!me) return notLoggedIn(c);
    const { mid, aid } = q.post;
    const access = await seriesAccess(deps, me, { mid, aid });
    if (!access.allowed) return answer(c, 403, M.MONITOR_SERIES_OWNER_ONLY);
    const r = await fakeReport(deps.store, mid, aid, access.window);
    return r ?? answer(c, 404, '文章不存在或尚未采集');
  };
  // The report's input is checked first, in the envelope's plain words; then the member.
  const reportFirst = { gate: () => null };

  const notCollected = '文章尚未采集，请先通过收录提交文章链接';

  return [
    handle(
      monitor.readPraiseReport,
      async (q, c) => {
        const r = await report(q, c);
        return r instanceof Response ? r : { data: r };
      },
      reportFirst,
    ),
    // read_praise with type 2 is the chart alone (spec §7: returns data.charts).
    handle(
      monitor.readPraise,
      async (q, c) => {
        const r = await report(q, c);
        return r instanceof Response ? r : { data: q.type === 2 ? { charts: r.charts } : r };
      },
      reportFirst,
    ),
    // Reads, likes (zan) and 在看 (look) of a monitored article over time, with what each hour added.
    handle(
      monitor.readZanLookReport,
      articleCall(zanLookReport, '文章不存在或尚未采集', { series: true }),
      afterInput,
    ),
    // How long the article took to reach 1千/1万/10万 reads, and its reads hour by hour after publishing.
    handle(monitor.spendTime, articleCall(spendTime, '文章不存在或尚未采集', { series: true }), afterInput),
    handle(monitorV3.readZan, articleCall(latestCounts, notCollected), afterInput),
    handle(monitorV3.tencentClaim, articleCall(articleClaim, notCollected), afterInput),

    handle(
      monitorV3.apiUserDetail,
      async (_q, c) => {
        // The gate (`member`) let only a member through.
        const me = memberOf(c) as Member;
        // Ledger days are on the database's wall clock, not the platform clock (which a demo may hold fixed).
        const d = await apiUserDetail(deps.members, me.id, Date.now());
        return {
          data: {
            user_id: me.id,
            name: me.name,
            phone: maskPhone(me.phone),
            vip_id: me.level,
            vip_name: levelName(me.level),
            ...d,
          },
        };
      },
      { gate: member },
    ),

    // Admin only: set (or clear) an account's industry; applied wherever accounts are read (accounts_effective).
    handle(
      monitor.manualSetMpAccountType,
      async (q, c) => {
        const me = member(c);
        if (me instanceof Response) return me;
        if (!can.admin(me)) return answer(c, 403, M.ADMIN_ONLY, { error_code: 40002 });
        const collected = await collectedMedia(deps.store, q.mid);
        if (collected === null) return answer(c, 404, '公众号不存在或尚未收录');
        const media = q.clear === 1 ? null : ((q.media ?? q.type) as string);
        const r = await setAccountMedia(
          { store: deps.store, db: deps.members.db },
          { mid: q.mid, media, collected, note: q.note, adminId: me.id },
        );
        return new Said(media === null ? '已清除人工修正' : M.UPDATED, { data: r });
      },
      afterInput,
    ),
  ];
}
