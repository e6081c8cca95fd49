import { z } from 'zod';
import { defineCall } from '../define';
import { pageNumber, pageSize } from '../inputs';
import { inviteRedemption } from '../shapes/invites';
import {
  keywordOverview,
  keywordOverviewInput,
  keywordSeries,
  keywordSeriesInput,
} from '../shapes/keyword-trends';
import { burstInput, burstList, listInput, listRules, todayHotList } from '../shapes/lists';
import { notice, noticeId, noticePage } from '../shapes/notices';

/** The /fbmain/main calls. */
export const main = {
  inviteToVip: defineCall({
    group: 'Main',
    name: 'invite_to_vip',
    methods: ['POST'],
    path: '/main/v1/invite_to_vip',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '邀请有礼：用通过本人邀请码注册的好友兑换会员天数（每 3 位好友 7 天），有效的付费等级从到期日顺延，否则升为高级会员；人数不足时返回规则与还需邀请的人数。',
    input: z.object({}),
    output: inviteRedemption,
  }),
  todayHot: defineCall({
    group: 'Main',
    name: 'today_hot',
    methods: ['GET', 'POST'],
    path: '/main/v1/today_hot',
    access: 'public',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '今日热文列表：今天（北京时间）发布、阅读数达到门槛的文章，可按行业、阅读数区间、只看原创筛选并排序，分页，并附口径；前 100 名免费，更深的页需付费会员。',
    input: listInput,
    output: todayHotList,
  }),
  publicSentimen: defineCall({
    group: 'Main',
    name: 'public_sentimen',
    methods: ['GET', 'POST'],
    path: '/main/v1/public_sentimen',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '本人订阅关键词的舆情走势：近 days 天（默认 7，最多 90）每个关键词每天命中的文章数，可只看一个关键词（keyword）；未订阅该关键词时返回未找到。',
    input: keywordSeriesInput,
    output: keywordSeries,
  }),
  overviewPublic: defineCall({
    group: 'Main',
    name: 'overview_public',
    methods: ['GET', 'POST'],
    path: '/main/v1/overview_public',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary: '本人全部订阅关键词的舆情概览：近 days 天（默认 7，最多 90）的命中文章总数与按日汇总。',
    input: keywordOverviewInput,
    output: keywordOverview,
  }),
  noticeList: defineCall({
    group: 'Main',
    name: 'notice_list',
    methods: ['GET'],
    path: '/main/v1/notice_list',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary: '网站公告列表：已发布的，置顶在前、最新在前，分页（/newnotice 页）。',
    input: z.object({ page: pageNumber, num: pageSize(50, 10) }),
    output: noticePage,
  }),
  noticeDetail: defineCall({
    group: 'Main',
    name: 'notice_detail',
    methods: ['GET'],
    path: '/main/v1/notice_detail',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary: '一条已发布的网站公告（id）的全文（/newnotice?id=）；不存在或已下线时返回未找到。',
    input: z.object({ id: noticeId }),
    output: notice,
  }),
  burst: defineCall({
    group: 'Main',
    name: 'burst',
    methods: ['GET', 'POST'],
    path: '/main/v1/burst',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary:
      '低粉爆文列表：近 days 天（1、3、7 或 30，默认 7）估算活跃粉丝不超过门槛的公众号发布、阅读数达标且达到该号近 30 天阅读中位数若干倍的文章，可按行业、阅读数区间、只看原创筛选并排序，分页，并附口径；前 100 名免费，更深的页需付费会员（规格 §2 的 burst 页）。',
    input: burstInput,
    output: burstList,
  }),
  listRules: defineCall({
    group: 'Main',
    name: 'list_rules',
    methods: ['GET'],
    path: '/main/v1/list_rules',
    access: 'public',
    envelope: 'error_code',
    origin: 'platform',
    summary: '今日热文与低粉爆文的口径：说明文字与阈值（最低阅读数、相对中位数的倍数、最多粉丝）。',
    input: z.object({}),
    output: listRules,
  }),
};
