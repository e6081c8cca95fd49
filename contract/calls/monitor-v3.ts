import { z } from 'zod';
import { defineCall } from '../define';
import { articleClaim, articleInput, readCounts } from '../shapes/article-reports';
import { apiUserDetailAnswer } from '../shapes/monitor';

/** The /fbmain/monitor/v3 calls. */
export const monitorV3 = {
  apiUserDetail: defineCall({
    group: 'Monitor v3',
    name: 'api_user_detail',
    methods: ['GET', 'POST'],
    path: '/monitor/v3/api_user_detail',
    access: 'member',
    envelope: 'status',
    origin: 'spec',
    summary:
      'API 客户的账户概况：昵称、打码手机号、会员等级、余额、试用额度、充值次数、有效与全部密钥数、今日/7 天/30 天已计费调用次数与最近一次调用时间。',
    input: z.object({}),
    output: apiUserDetailAnswer,
  }),
  readZan: defineCall({
    group: 'Monitor v3',
    name: 'read_zan',
    methods: ['GET', 'POST'],
    path: '/monitor/v3/read_zan',
    access: 'member',
    envelope: 'status',
    origin: 'spec',
    summary:
      '一篇已采集文章（post 或 url）的最新阅读、点赞、在看、分享、留言数与采集次数、更新时间；未采集时返回未找到并提示先收录。',
    input: articleInput,
    output: z.object({ data: readCounts }),
  }),
  tencentClaim: defineCall({
    group: 'Monitor v3',
    name: 'tencent_claim',
    methods: ['GET', 'POST'],
    path: '/monitor/v3/tencent_claim',
    access: 'member',
    envelope: 'status',
    origin: 'spec',
    summary:
      '一篇已采集文章（post 或 url）的原创声明：是否原创、版权类型（原创、转载、分享）、作者、阅读原文链接、公众号与主体，以及是否解析了文章页本身。',
    input: articleInput,
    output: z.object({ data: articleClaim }),
  }),
};
