import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MonitorOrders, type OrderRow } from '../../members/monitor-orders';
import { API_COSTS } from '../../members/pricing';
import { accountArticleStats, getAccount, historyArticles, searchAccounts } from '../accounts-query';
import { articleCounters, articleSnapshots } from '../article-counters-query';
import { fakeReport, parsePost } from '../fake-report-query';
import { isCalendarDay } from '../inputs';
import { findAccount, monitorTaskMessage, resolveArticleLink, taskStatuses } from '../monitor-orders-query';
import { endpoint, OpenCodes, type OpenContext, type OpenEndpoint, type OpenResult } from './define';

/**
 * The endpoints of the paid open API (/fbmain/openapi/v1). Inputs arrive as query strings (GET) or as a JSON or
 * form body (POST); every field is described here in Chinese, and these descriptions are the documentation.
 */

const int = (d: string) => z.number().int().describe(d);
const str = (d: string) => z.string().describe(d);

const mid = z.coerce
  .number({ message: '必须是数字' })
  .int('必须是整数')
  .positive('必须是正整数')
  .max(Number.MAX_SAFE_INTEGER, '超出范围')
  .meta({ description: '公众号ID（平台内的 mid，见 search 的结果）', examples: [1001] });
const page = (max: number) =>
  z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(max, `最大为 ${max}`)
    .default(1)
    .meta({ description: '页码，从 1 开始' });
const num = (max: number, byDefault: number) =>
  z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(max, `最大为 ${max}`)
    .default(byDefault)
    .meta({ description: `每页条数，1–${max}，默认 ${byDefault}` });
const date = (d: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 yyyy-mm-dd')
    .refine(isCalendarDay, '不是有效日期')
    .optional()
    .meta({ description: d, examples: ['2026-10-01'] });
const articleUrl = z
  .string({ message: '不能为空' })
  .trim()
  .min(1, '不能为空')
  .max(2000, '不能超过 2000 个字符')
  .meta({
    description:
      '公众号文章链接（长链接 mp.weixin.qq.com/s?__biz=…&mid=…&idx=…&sn=… 或短链接 mp.weixin.qq.com/s/…）',
    examples: ['https://mp.weixin.qq.com/s?__biz=MzA3MDAwMTAwMQ==&mid=2650000001&idx=1&sn=abc'],
  });
const post = z
  .string()
  .trim()
  .max(64, '格式不正确')
  .refine((p) => parsePost(p) !== null, '格式不正确，应为 公众号ID_文章ID')
  .meta({
    description: '文章编号 post（公众号ID_文章ID，见 articles 的结果）；与 url 二选一',
    examples: ['1001_2650000001_1'],
  });
const choice = <T extends number>(values: T[], byDefault: T, d: string) =>
  z.coerce
    .number({ message: '必须是数字' })
    .refine((v): v is T => (values as number[]).includes(v), `只能是 ${values.join('、')}`)
    .default(byDefault)
    .meta({ description: d, enum: values });

const articleByUrlOrPost = z
  .object({ url: articleUrl.optional(), post: post.optional() })
  .refine((v) => v.url !== undefined || v.post !== undefined, {
    message: '不能为空（请提供 url 或 post）',
    path: ['url'],
  });

type Failure = Extract<OpenResult<never>, { fail: unknown }>;
const notFound = (msg: string): Failure => ({ fail: { http: 404, code: OpenCodes.NOT_FOUND, msg } });

/** The article an input names, by post or by link; the link must point at an article we have crawled. */
async function articleOf(
  ctx: OpenContext,
  input: { url?: string | undefined; post?: string | undefined },
): Promise<{ mid: number; aid: string } | Failure> {
  if (input.post !== undefined) return parsePost(input.post) as { mid: number; aid: string };
  const r = await resolveArticleLink(ctx.deps.store, input.url ?? '');
  if (!r.ok)
    return r.status === 400
      ? { fail: { http: 400, code: OpenCodes.BAD_INPUT, msg: r.msg } }
      : notFound(r.msg);
  if (!r.value.known) return notFound('文章尚未采集：可先创建监测任务，采集后即可查询');
  return { mid: r.value.mid, aid: r.value.aid };
}

const accountBrief = z.object({
  mid: int('公众号ID'),
  name: str('名称'),
  wxid: str('微信号'),
  avatar: str('头像地址'),
  owner: str('认证主体'),
  media: str('行业'),
  area: str('地区'),
  desc: str('简介'),
  articles: int('已采集的文章数'),
  last_pub: str('最近发文时间（北京时间），未采集时为空'),
});

const search = endpoint({
  name: 'search',
  method: 'get',
  path: '/search',
  tag: '公众号',
  summary: '搜索公众号',
  description: '按名称、微信号、主体或简介中的关键词搜索公众号，最近有发文的在前。',
  input: z.object({
    kw: z
      .string({ message: '不能为空' })
      .trim()
      .min(1, '不能为空')
      .max(50, '不能超过 50 个字符')
      .meta({ description: '关键词', examples: ['科技'] }),
    page: page(100),
    num: num(50, 20),
  }),
  output: z.object({ total: int('匹配的公众号总数'), accounts: z.array(accountBrief) }),
  cost: () => API_COSTS.search,
  costNote: `每次 ${API_COSTS.search} 次；没有结果时不计费`,
  run: async (q, { deps }) => {
    const r = await searchAccounts(deps.store, q.kw, q.page, q.num);
    if (r.total === 0) return notFound('没有找到匹配的公众号，本次调用不计费');
    return {
      data: {
        total: r.total,
        accounts: r.rows.map((a) => ({
          mid: Number(a.mid),
          name: a.name,
          wxid: a.wxid,
          avatar: a.avatar,
          owner: a.owner,
          media: a.media,
          area: a.area,
          desc: a.description,
          articles: Number(a.fetched ?? 0),
          last_pub: a.last_pub ?? '',
        })),
      },
    };
  },
});

const account = endpoint({
  name: 'account',
  method: 'get',
  path: '/account',
  tag: '公众号',
  summary: '公众号详情',
  description: '公众号的资料与近 30 天的发文和阅读概况（估算粉丝、头条平均阅读、中位阅读、指数）。',
  input: z.object({ mid }),
  output: z.object({
    mid: int('公众号ID'),
    biz: str('__biz'),
    name: str('名称'),
    wxid: str('微信号'),
    avatar: str('头像地址'),
    qrcode: str('二维码地址'),
    owner: str('认证主体'),
    media: str('行业'),
    area: str('地区'),
    tags: z.array(z.string()).describe('标签'),
    desc: str('简介'),
    articles: int('已采集的文章数'),
    last_pub: str('最近发文时间'),
    stats: z
      .object({
        fans_estimate: int('估算粉丝数'),
        articles_30d: int('近 30 天发文数'),
        head_avg_reads: int('头条平均阅读'),
        head_avg_likes: int('头条平均点赞'),
        median_reads: int('阅读中位数'),
        avg_reads: z.number().describe('平均阅读'),
        account_index: z.number().describe('公众号指数'),
      })
      .nullable()
      .describe('统计概况；新收录、尚未统计的公众号为 null'),
  }),
  cost: () => API_COSTS.account,
  costNote: `每次 ${API_COSTS.account} 次；公众号不存在时不计费`,
  run: async (q, { deps }) => {
    const a = await getAccount(deps.store, q.mid);
    if (!a) return notFound('公众号不存在或尚未收录，本次调用不计费');
    const [stats, [s]] = await Promise.all([
      accountArticleStats(deps.store, q.mid),
      deps.store.query<Record<string, number>>(
        `SELECT fans, articles_30d, head_avg_reads, head_avg_likes, median_reads, avg_reads, account_index
         FROM account_stats FINAL WHERE mid = {mid:UInt64}`,
        { mid: q.mid },
      ),
    ]);
    return {
      data: {
        mid: Number(a.mid),
        biz: a.biz,
        name: a.name,
        wxid: a.wxid,
        avatar: a.avatar,
        qrcode: a.qrcode,
        owner: a.owner,
        media: a.media,
        area: a.area,
        tags: a.tags,
        desc: a.description,
        articles: stats.fetched,
        last_pub: stats.lastPub,
        stats: s
          ? {
              fans_estimate: Number(s.fans),
              articles_30d: Number(s.articles_30d),
              head_avg_reads: Number(s.head_avg_reads),
              head_avg_likes: Number(s.head_avg_likes),
              median_reads: Number(s.median_reads),
              avg_reads: Math.round(Number(s.avg_reads) * 10) / 10,
              account_index: Math.round(Number(s.account_index) * 100) / 100,
            }
          : null,
      },
    };
  },
});

const articleItem = z.object({
  post: str('文章编号（公众号ID_文章ID），用于 article_stats、fake_report'),
  aid: str('文章ID（msgid_idx）'),
  idx: int('发文位置：1 头条，2 次条 …'),
  title: str('标题'),
  url: str('文章链接'),
  pubtime: str('发布时间（北京时间）'),
  original: z.boolean().describe('是否原创'),
  reads: int('阅读数'),
  likes: int('点赞数'),
  looking: int('在看数'),
  updated_at: str('数据更新时间，未采集到数据时为空'),
});

const articles = endpoint({
  name: 'articles',
  method: 'get',
  path: '/articles',
  tag: '文章',
  summary: '历史文章',
  description: '公众号已采集的历史文章及其最新阅读、点赞、在看数，按发布时间倒序、同一次推送按位置排列。',
  input: z.object({
    mid,
    page: page(10_000),
    num: num(50, 20),
    start_time: date('开始日期（含），yyyy-mm-dd'),
    end_time: date('结束日期（含），yyyy-mm-dd'),
    kw: z
      .string()
      .trim()
      .max(50, '不能超过 50 个字符')
      .default('')
      .meta({ description: '标题关键词（可选）' }),
  }),
  output: z.object({ total: int('符合条件的文章总数'), articles: z.array(articleItem) }),
  cost: () => API_COSTS.articles,
  costNote: `每页 ${API_COSTS.articles} 次；公众号不存在时不计费`,
  run: async (q, { deps }) => {
    if (!(await getAccount(deps.store, q.mid))) return notFound('公众号不存在或尚未收录，本次调用不计费');
    const r = await historyArticles(deps.store, {
      mid: q.mid,
      page: q.page,
      num: q.num,
      kw: q.kw,
      kwType: 'title',
      hotOnly: false,
      headlineOnly: false,
      start: q.start_time ?? null,
      end: q.end_time ?? null,
    });
    return {
      data: {
        total: r.total,
        articles: r.rows.map((a) => ({
          post: `${q.mid}_${a.aid}`,
          aid: a.aid,
          idx: Number(a.idx),
          title: a.title,
          url: a.href,
          pubtime: a.pubtime,
          original: Number(a.copyright_stat) === 1,
          reads: Number(a.reads ?? 0),
          likes: Number(a.likes ?? 0),
          looking: Number(a.looking ?? 0),
          updated_at: a.up_time ?? '',
        })),
      },
    };
  },
});

const articleStats = endpoint({
  name: 'article_stats',
  method: 'get',
  path: '/article_stats',
  tag: '文章',
  summary: '文章阅读、点赞、在看数',
  description:
    '一篇文章最新采集到的阅读、点赞、在看、分享、评论数与采集次数。用文章链接或文章编号 post 查询。',
  input: articleByUrlOrPost,
  output: z.object({
    post: str('文章编号'),
    mid: int('公众号ID'),
    aid: str('文章ID'),
    idx: int('发文位置'),
    title: str('标题'),
    url: str('文章链接'),
    pubtime: str('发布时间'),
    reads: int('阅读数'),
    likes: int('点赞数'),
    looking: int('在看数'),
    shares: int('分享数'),
    comments: int('评论数'),
    polls: int('已采集次数'),
    updated_at: str('最近一次采集时间，尚未采集时为空'),
  }),
  cost: () => API_COSTS.article_stats,
  costNote: `每次 ${API_COSTS.article_stats} 次；文章未采集时不计费`,
  run: async (q, ctx) => {
    const a = await articleOf(ctx, q);
    if ('fail' in a) return a;
    const r = await articleCounters(ctx.deps.store, a.mid, a.aid);
    if (!r) return notFound('文章不存在或尚未采集，本次调用不计费');
    return { data: { post: `${r.mid}_${r.aid}`, ...r } };
  },
});

const FREQS = [1, 2, 5, 10];
const DAYS = [1, 2, 3];

const monitorCreate = endpoint({
  name: 'monitor_task_day',
  method: 'post',
  path: '/monitor_tasks',
  tag: '监测',
  summary: '创建文章监测任务',
  description:
    '按分钟级频率持续采集一篇文章的阅读、点赞、在看数，为期 1–3 天；结果用 monitor_report 查询，' +
    '满 2 小时且采集 6 次以上后 fake_report 给出刷量判定。同一篇文章的同一任务在进行中时不能重复创建。',
  input: z.object({
    url: articleUrl,
    freq: choice(FREQS, 5, '采集频率（分钟）：1、2、5 或 10，默认 5'),
    days: choice(DAYS, 1, '监测天数：1、2 或 3，默认 1'),
  }),
  output: z.object({
    task_id: str('任务ID，用于 monitor_report'),
    post: str('文章编号'),
    title: str('标题（文章尚未采集时为空）'),
    freq: int('采集频率（分钟）'),
    days: int('监测天数'),
    cost: int('本次扣除的调用次数'),
  }),
  cost: (q) => API_COSTS.monitor_task_day * q.days,
  costNote: `每监测 1 天 ${API_COSTS.monitor_task_day} 次（3 天 ${API_COSTS.monitor_task_day * 3} 次）；创建失败不计费`,
  run: async (q, { deps, userId }) => {
    const bus = deps.bus;
    if (!bus)
      return { fail: { http: 503, code: OpenCodes.UNAVAILABLE, msg: '监测服务暂不可用，本次不计费' } };
    const r = await resolveArticleLink(deps.store, q.url);
    if (!r.ok)
      return r.status === 400
        ? { fail: { http: 400, code: OpenCodes.BAD_INPUT, msg: r.msg } }
        : notFound(r.msg);
    const a = r.value;
    const acc = await findAccount(deps.store, { mid: a.mid });
    if (!acc) return notFound('公众号不存在或尚未收录，本次调用不计费');
    const orders = new MonitorOrders(deps.db);
    const nowMs = deps.clock.now();
    // One live task per article and customer: a second would only pay twice for the same polls.
    const live = await orders.all(userId, { mid: a.mid, limit: 500 });
    const statuses = await taskStatuses(
      deps.store,
      live
        .filter((o) => o.msgid === a.msgid && o.idx === a.idx && o.cancelled_ms === null)
        .map((o) => o.task_id),
    );
    const running = live.find(
      (o) =>
        o.msgid === a.msgid &&
        o.idx === a.idx &&
        o.cancelled_ms === null &&
        nowMs < o.created_ms + o.days * 86_400_000 &&
        statuses.get(o.task_id)?.state !== 'done',
    );
    if (running)
      return {
        fail: {
          http: 409,
          code: OpenCodes.CONFLICT,
          msg: `这篇文章已有进行中的监测任务 ${running.task_id}，本次不计费`,
        },
      };
    const order: OrderRow = {
      task_id: `mt_${randomUUID()}`,
      kind: 'article',
      biz: acc.biz,
      mid: a.mid,
      msgid: a.msgid,
      idx: a.idx,
      sn: a.sn,
      position: a.idx,
      freq_min: q.freq,
      days: q.days,
      cost: API_COSTS.monitor_task_day * q.days,
      refunded: 0,
      created_ms: nowMs,
      cancelled_ms: null,
    };
    await orders.placePaidByApi({
      userId,
      taskId: order.task_id,
      kind: 'article',
      biz: order.biz,
      mid: order.mid,
      msgid: order.msgid,
      idx: order.idx,
      sn: order.sn,
      position: order.position,
      freqMin: order.freq_min,
      days: order.days,
      cost: order.cost,
      createdAtMs: nowMs,
    });
    try {
      await bus.publish('monitor.tasks', [{ key: order.biz, value: monitorTaskMessage(order) }]);
    } catch (err) {
      deps.log.error({ err, task: order.task_id }, 'open-API monitor task not published; refunded');
      await orders.cancel(userId, order.task_id, nowMs, false);
      return { fail: { http: 503, code: OpenCodes.UNAVAILABLE, msg: '监测服务暂不可用，本次不计费' } };
    }
    return {
      data: {
        task_id: order.task_id,
        post: `${a.mid}_${a.aid}`,
        title: a.known ? a.title : '',
        freq: q.freq,
        days: q.days,
        cost: order.cost,
      },
    };
  },
});

const STATE_TEXT = {
  waiting: '等待开始',
  monitoring: '监测中',
  done: '已结束',
  cancelled: '已取消',
} as const;

const monitorReport = endpoint({
  name: 'monitor_report',
  method: 'get',
  path: '/monitor_report',
  tag: '监测',
  summary: '监测任务结果',
  description:
    '监测任务的状态与每次采集到的阅读、点赞、在看数（从任务创建起，按时间先后）。只能查询自己的任务。',
  input: z.object({
    task_id: z
      .string({ message: '不能为空' })
      .trim()
      .min(1, '不能为空')
      .max(100, '格式不正确')
      // Task ids are kept in PostgreSQL text, which cannot hold NUL; no task id contains one.
      .refine((s) => !s.includes('\u0000'), '格式不正确')
      .meta({ description: '任务ID（monitor_tasks 的返回）', examples: ['mt_0b7c…'] }),
  }),
  output: z.object({
    task_id: str('任务ID'),
    state: z
      .enum(['waiting', 'monitoring', 'done', 'cancelled'])
      .describe('waiting 等待开始，monitoring 监测中，done 已结束，cancelled 已取消'),
    state_text: str('状态说明'),
    freq: int('采集频率（分钟）'),
    days: int('监测天数'),
    created_at: str('创建时间（北京时间）'),
    polls: int('任务创建以来采集到的次数（各篇文章合计）'),
    articles: z
      .array(
        z.object({
          post: str('文章编号'),
          title: str('标题'),
          url: str('文章链接'),
          series: z
            .array(
              z.object({
                time: str('采集时间（北京时间）'),
                reads: int('阅读数'),
                likes: int('点赞数'),
                looking: int('在看数'),
              }),
            )
            .describe('每次采集的数据，时间先后'),
        }),
      )
      .describe('任务监测的文章（文章任务为 1 篇）'),
  }),
  cost: () => API_COSTS.monitor_report,
  costNote: `每次 ${API_COSTS.monitor_report} 次；任务不存在时不计费`,
  run: async (q, { deps, userId }) => {
    const o = await new MonitorOrders(deps.db).get(userId, q.task_id);
    if (!o) return notFound('监测任务不存在，本次调用不计费');
    const status = (await taskStatuses(deps.store, [o.task_id])).get(o.task_id);
    const state = o.cancelled_ms !== null ? 'cancelled' : (status?.state ?? 'waiting');
    const aids = o.kind === 'article' ? [`${o.msgid}_${o.idx}`] : (status?.aids ?? []);
    const fromS = Math.floor(o.created_ms / 1000);
    const list = await Promise.all(
      aids.map(async (aid) => {
        const [head, series] = await Promise.all([
          articleCounters(deps.store, o.mid, aid),
          articleSnapshots(deps.store, o.mid, aid, fromS),
        ]);
        return { post: `${o.mid}_${aid}`, title: head?.title ?? '', url: head?.url ?? '', series };
      }),
    );
    const shanghai = new Date(o.created_ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    return {
      data: {
        task_id: o.task_id,
        state,
        state_text: STATE_TEXT[state],
        freq: o.freq_min,
        days: o.days,
        created_at: shanghai,
        polls: list.reduce((n, a) => n + a.series.length, 0),
        articles: list,
      },
    };
  },
});

const fakeReportEndpoint = endpoint({
  name: 'fake_report',
  method: 'get',
  path: '/fake_report',
  tag: '监测',
  summary: '刷量检测报告',
  description:
    '文章的刷量判定：verdict 为 fake（刷量）、normal（正常）或 insufficient（监测数据不足，需至少 2 小时、6 次采集，' +
    '可先创建监测任务）；给出估算刷量阅读、占比与每条判定依据。',
  input: articleByUrlOrPost,
  output: z.object({
    post: str('文章编号'),
    title: str('标题'),
    url: str('文章链接'),
    verdict: z.enum(['fake', 'normal', 'insufficient']).describe('判定结果'),
    forecast_fake: int('估算刷量阅读数'),
    forecast_fake_per: z.number().describe('估算刷量占阅读的比例，0–1'),
    signals: z
      .array(
        z.object({
          code: str('依据代码'),
          fake: z.number().describe('该依据估算的刷量阅读'),
          text: str('依据说明'),
        }),
      )
      .describe('判定依据'),
    summary: str('结论说明'),
    polls_from: str('参与判定的第一次采集时间'),
    polls_to: str('最近一次采集时间'),
  }),
  cost: () => API_COSTS.fake_report,
  costNote: `每次 ${API_COSTS.fake_report} 次；文章未采集时不计费`,
  run: async (q, ctx) => {
    const a = await articleOf(ctx, q);
    if ('fail' in a) return a;
    const r = await fakeReport(ctx.deps.store, a.mid, a.aid);
    if (!r) return notFound('文章不存在或尚未采集，本次调用不计费');
    return {
      data: {
        post: `${a.mid}_${a.aid}`,
        title: r.profile.title,
        url: r.profile.url,
        verdict: !r.judged
          ? ('insufficient' as const)
          : r.status === 1
            ? ('fake' as const)
            : ('normal' as const),
        forecast_fake: r.forecast_fake,
        forecast_fake_per: r.forecast_fake_per,
        signals: r.signals.map((s) => ({ code: s.code, fake: s.fake, text: s.text })),
        summary: r.summary,
        polls_from: r.profile.start_ts,
        polls_to: r.profile.end_ts,
      },
    };
  },
});

const balance = endpoint({
  name: 'balance',
  method: 'get',
  path: '/balance',
  tag: '账户',
  summary: '剩余调用次数',
  description: '密钥所属账户的剩余调用次数（免费）。',
  input: z.object({}),
  output: z.object({ balance: int('剩余调用次数'), trial_granted: int('注册赠送的试用次数') }),
  cost: () => API_COSTS.balance,
  costNote: '免费',
  run: async (_q, { deps, userId }) => {
    const b = await deps.members.metering.balance(userId);
    return { data: { balance: b.balance, trial_granted: b.trial } };
  },
});

export const OPEN_ENDPOINTS: OpenEndpoint[] = [
  search,
  account,
  articles,
  articleStats,
  monitorCreate,
  monitorReport,
  fakeReportEndpoint,
  balance,
];
