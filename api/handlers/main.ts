import { contract } from '../../contract';
import { notSubscribed } from '../../contract/shapes/keywords';
import { levelName } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { depthGate } from '../http/depth-gate';
import { handle, type Mounted } from '../http/mount';
import {
  chosenKeywords,
  dayWindow,
  type KeywordDeps,
  keywordOverview,
  keywordSeries,
} from '../keywords-query';
import { INVITE_REWARD, redeemInvites } from '../member-extras-query';
import { requireMember } from '../member-session';
import { burstArticles, listQueryOf, listRules, todayHotArticles } from '../queries/lists';
import { publishedNotice, publishedNotices } from '../queries/notices';
import { me } from './orders';

const { main } = contract;

/**
 * main/v1: the lists 今日热文 (today_hot, spec §7) and 低粉爆文 (burst), each answering its definition too, and the
 * definitions alone (list_rules); the public 网站公告 (notice_list, notice_detail); 邀请有礼 (invite_to_vip).
 * 舆情 of the member's own keyword subscriptions: per keyword and day (public_sentimen) and over all of them
 * (overview_public). Definitions: docs/analytics.md.
 */
export function mainHandlers(deps: ApiDeps): Mounted[] {
  const inviteRule = `每邀请 ${INVITE_REWARD.invitees} 位好友注册，可兑换 ${INVITE_REWARD.days} 天${levelName(INVITE_REWARD.level)}`;

  const kd: KeywordDeps = { store: deps.store, db: deps.members.db, clock: deps.clock, log: deps.log };

  return [
    handle(main.publicSentimen, async ({ keyword, days }, c) => {
      const keywords = await chosenKeywords(kd, me(c).id, keyword);
      if (!keywords) return fail(c, 404, Codes.NOT_FOUND, notSubscribed(keyword as string));
      const w = dayWindow(deps.clock.now(), days);
      const list = keywords.length === 0 ? [] : await keywordSeries(deps.store, keywords, w);
      return { days, dates: w.dates, list };
    }),
    handle(main.overviewPublic, async ({ days }, c) => {
      const keywords = (await chosenKeywords(kd, me(c).id, undefined)) ?? [];
      const w = dayWindow(deps.clock.now(), days);
      return { days, dates: w.dates, ...(await keywordOverview(deps.store, keywords, w)) };
    }),
    handle(main.todayHot, async (q, c) => {
      const denied = depthGate(c, q.page, q.num);
      if (denied) return denied;
      const list = await todayHotArticles(deps.store, deps.lists, listQueryOf(q, deps.clock.now()));
      return { ...list, rule: listRules(deps.lists).hot };
    }),
    handle(main.burst, async (q, c) => {
      const denied = depthGate(c, q.page, q.num);
      if (denied) return denied;
      const list = await burstArticles(deps.store, deps.lists, {
        ...listQueryOf(q, deps.clock.now()),
        days: q.days,
      });
      return { ...list, days: q.days, rule: listRules(deps.lists).burst };
    }),
    handle(main.listRules, () => listRules(deps.lists)),
    handle(main.noticeList, (q) => publishedNotices(deps.db, q.page, q.num)),
    handle(main.noticeDetail, async (q, c) => {
      const n = await publishedNotice(deps.db, q.id);
      return n ?? fail(c, 404, Codes.NOT_FOUND, '公告不存在或已下线');
    }),
    // Its success message names the days earned, so it answers in full itself.
    handle(main.inviteToVip, async (_q, c) => {
      const me = requireMember(c); // the gate admitted a member
      if (me instanceof Response) return me;
      const r = await redeemInvites(deps.members.db, me.id);
      if (!r.ok) {
        const msg =
          r.reason === 'permanent'
            ? '您已是长期会员，无需兑换'
            : `${inviteRule}；当前可用 ${r.progress.available} 位，还需邀请 ${r.progress.need} 位`;
        return c.json({ error_code: Codes.BAD_INPUT, msg, data: { ...r.progress, rule: inviteRule } });
      }
      return c.json({
        error_code: 0,
        msg: `兑换成功：获得 ${r.days} 天会员`,
        data: {
          days: r.days,
          used: r.used,
          vip_id: r.vip_id,
          vip_name: levelName(r.vip_id),
          vip_expire: r.vip_expire,
          ...r.progress,
          rule: inviteRule,
        },
      });
    }),
  ];
}
