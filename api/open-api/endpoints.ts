import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isCalendarDay } from '../../contract/inputs';
import { parsePost } from '../../contract/shapes/article-reports';
import { isOriginal } from '../../core/copyright';
import { can } from '../../members/membership';
import { MonitorOrders, type OrderRow } from '../../members/monitor-orders';
import { API_COSTS } from '../../members/pricing';
import { memberById } from '../../members/sessions';
import { articleCounters, articleSnapshots } from '../article-counters-query';
import { depthWindow } from '../history-depth';
import { accountArticleStats, getAccount, historyArticles, searchAccounts } from '../queries/accounts';
import { fakeReport } from '../queries/fake-report';
import { findAccount, monitorTaskMessage, resolveArticleLink, taskStatuses } from '../queries/monitor-orders';
import {
  finderIdsOf,
  searchVideoAccounts,
  VIDEO_SORTS,
  type VideoSort,
  videoAccount,
  videoPosts,
} from '../queries/video';
import { shortToLong } from '../short-to-long';
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
  description:
    '按名称、微信号或简介中的关键词搜索公众号，最近有发文的在前；密钥所属会员为豪华及以上等级时也按主体名称搜索（主体信息规则）。',
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
  run: async (q, { deps, userId }) => {
    // Listing an owner's accounts is owner-tab content: the key owner's level decides (docs/members.md).
    const byOwner = can.ownerInfo(await memberById(deps.db, userId));
    const r = await searchAccounts(deps.store, { kw: q.kw, page: q.page, num: q.num, byOwner });
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
  description:
    '公众号已采集的历史文章及其最新阅读、点赞、在看数，按发布时间倒序、同一次推送按位置排列。' +
    '可查询的历史深度与密钥所属会员的等级相同（普通会员 3 个月、高级 6 个月、豪华 12 个月、超级 18 个月），更早的开始日期按最早可查日期计算。',
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
  run: async (q, { deps, userId }) => {
    if (!(await getAccount(deps.store, q.mid))) return notFound('公众号不存在或尚未收录，本次调用不计费');
    // The key owner's history depth, as on the account's history tab (api/history-depth.ts).
    const { start } = depthWindow(await memberById(deps.db, userId), deps.clock.now(), q.start_time);
    const r = await historyArticles(deps.store, {
      mid: q.mid,
      page: q.page,
      num: q.num,
      kw: q.kw,
      kwType: 'title',
      hotOnly: false,
      headlineOnly: false,
      start,
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
          original: isOriginal(a.copyright_stat),
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
  costNote: `每次 ${API_COSTS.fake_report} 次；文章未采集或监测数据不足（insufficient，尚无判定）时不计费`,
  run: async (q, ctx) => {
    const a = await articleOf(ctx, q);
    if ('fail' in a) return a;
    const r = await fakeReport(ctx.deps.store, a.mid, a.aid);
    if (!r) return notFound('文章不存在或尚未采集，本次调用不计费');
    return {
      // No verdict yet is not a report: the caller pays for verdicts only.
      charged: r.judged ? API_COSTS.fake_report : 0,
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
        polls_to: r.profile.last_poll,
      },
    };
  },
});

const linkShort2Long = endpoint({
  name: 'link_short2long',
  method: 'get',
  path: '/link_short2long',
  tag: '链接',
  summary: '短链接转长链接',
  description:
    '把公众号文章的短链接（mp.weixin.qq.com/s/…）或本站生成的短链接（/t/…）还原为长链接（永久链接 ' +
    'mp.weixin.qq.com/s?__biz=…&mid=…&idx=…&sn=…）；微信链接同时给出文章的标题、公众号与发布时间。' +
    '也接受搜狗微信搜索的临时链接与长链接（确认其仍可打开）。',
  input: z.object({
    url: z
      .string({ message: '不能为空' })
      .trim()
      .min(1, '不能为空')
      .max(2000, '不能超过 2000 个字符')
      .meta({
        description: '链接地址：公众号文章短链接 mp.weixin.qq.com/s/…，或本站短链接 …/t/…',
        examples: ['https://mp.weixin.qq.com/s/AbCdEfGhIjKlMnOpQrStUv'],
      }),
  }),
  output: z.object({
    input: str('请求中的链接'),
    source: z.enum(['wechat', 'site']).describe('wechat 微信文章链接（经微信解析），site 本站短链接'),
    url: str('长链接（永久链接）'),
    article: z
      .object({
        kind: z.enum(['temporary', 'short', 'long']).describe('输入链接的类型：临时、短、长链接'),
        biz: str('公众号 __biz'),
        msgid: int('推送的消息ID（链接中的 mid 参数）'),
        idx: int('发文位置'),
        sn: str('链接签名 sn'),
        mid: int('公众号ID（平台内的 mid）'),
        aid: str('文章ID（msgid_idx）'),
        title: str('标题'),
        mp_name: str('公众号名称'),
        pubtime: str('发布时间（北京时间）'),
        original: int('是否原创：1 是，0 否'),
      })
      .nullable()
      .describe('微信链接解析出的文章；本站短链接为 null'),
  }),
  cost: () => API_COSTS.link_short2long,
  costNote: `每次 ${API_COSTS.link_short2long} 次；链接无效或文章不存在时不计费`,
  run: async (q, { deps, origin, userId }) => {
    // The key holder's upstream budget: a refunded failure is free, so the fetches themselves are counted.
    const r = await shortToLong(deps, q.url, origin, { userId, paid: true, ip: null });
    if (!r.ok) {
      if (r.http === 400) return { fail: { http: 400, code: OpenCodes.BAD_INPUT, msg: r.msg } };
      if (r.http === 429)
        return { fail: { http: 429, code: OpenCodes.RATE_LIMITED, msg: `${r.msg}，本次调用不计费` } };
      if (r.http === 404) return notFound(`${r.msg}，本次调用不计费`);
      return { fail: { http: 503, code: OpenCodes.UNAVAILABLE, msg: `${r.msg}，本次调用不计费` } };
    }
    const d = r.data;
    if (d.source === 'site')
      return { data: { input: d.input, source: 'site' as const, url: d.url, article: null } };
    const { input, source: _s, url, ...article } = d;
    return { data: { input, source: 'wechat' as const, url, article } };
  },
});

const finderId = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(100, '不能超过 100 个字符')
  .meta({
    description: '视频号ID finder_id（见 video_search 的结果）；与 mid 二选一',
    examples: ['v2_060000…'],
  });

/** A video account named by finder_id, or the one linked to an official account with the most posts. */
const finderInput = z
  .object({
    finder_id: finderId.optional(),
    mid: mid.optional().meta({ description: '公众号ID：取该公众号关联的视频号；与 finder_id 二选一' }),
  })
  .refine((v) => v.finder_id !== undefined || v.mid !== undefined, {
    message: '不能为空（请提供 finder_id 或 mid）',
    path: ['finder_id'],
  });

async function finderOf(
  ctx: OpenContext,
  q: { finder_id?: string | undefined; mid?: number | undefined },
): Promise<string | Failure> {
  if (q.finder_id) return q.finder_id;
  const [first] = await finderIdsOf(ctx.deps.store, q.mid ?? 0);
  return first ?? notFound('该公众号没有已收录的视频号，本次调用不计费');
}

const videoBrief = z.object({
  finder_id: str('视频号ID'),
  name: str('视频号名称（未采集到资料时为空）'),
  avatar: str('头像地址'),
  owner: str('认证主体'),
  desc: str('简介'),
  mid: int('关联的公众号ID（没有时为 0）'),
  mp_name: str('关联的公众号名称'),
  posts_total: int('已收录的作品数'),
  posts_30d: int('近 30 天发布的作品数'),
  reads_30d: int('近 30 天作品的播放（阅读）数'),
  avg_read: z.number().describe('作品平均播放数'),
  last_pub: str('最近发布时间（北京时间）'),
});

const videoSearch = endpoint({
  name: 'video_search',
  method: 'get',
  path: '/video_search',
  tag: '视频号',
  summary: '视频号搜索',
  description: '按视频号名称、主体、简介或关联公众号名称中的关键词搜索已收录的视频号，近 30 天播放多的在前。',
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
  output: z.object({ total: int('匹配的视频号总数'), accounts: z.array(videoBrief) }),
  cost: () => API_COSTS.video_search,
  costNote: `每次 ${API_COSTS.video_search} 次；没有结果时不计费`,
  run: async (q, { deps }) => {
    const r = await searchVideoAccounts(deps.store, { kw: q.kw, page: q.page, size: q.num });
    if (r.total === 0) return notFound('没有找到匹配的视频号，本次调用不计费');
    return { data: { total: r.total, accounts: r.rows } };
  },
});

const videoAccountEndpoint = endpoint({
  name: 'video_account',
  method: 'get',
  path: '/video_account',
  tag: '视频号',
  summary: '视频号详情',
  description:
    '视频号的资料与作品数据概况：作品数（总数、近 7 天、近 30 天），近 30 天的播放、点赞、评论、转发、收藏合计，' +
    '平均与最高播放、平均互动和互动率。用 finder_id 查询，或用公众号ID mid 查询其关联的视频号。',
  input: finderInput,
  output: z.object({
    finder_id: str('视频号ID'),
    mid: int('关联的公众号ID（没有时为 0）'),
    mp_name: str('关联的公众号名称'),
    mp_avatar: str('关联的公众号头像'),
    name: str('视频号名称'),
    avatar: str('头像地址'),
    owner: str('认证主体'),
    desc: str('简介'),
    posts_total: int('已收录的作品数'),
    posts_7d: int('近 7 天作品数'),
    posts_30d: int('近 30 天作品数'),
    reads_30d: int('近 30 天播放数'),
    likes_30d: int('近 30 天点赞数'),
    comments_30d: int('近 30 天评论数'),
    forwards_30d: int('近 30 天转发数'),
    favs_30d: int('近 30 天收藏数'),
    avg_read: z.number().describe('平均播放数'),
    max_read: int('最高播放数'),
    avg_like: z.number().describe('平均点赞数'),
    avg_comment: z.number().describe('平均评论数'),
    avg_forward: z.number().describe('平均转发数'),
    avg_fav: z.number().describe('平均收藏数'),
    engagement_rate: z.number().describe('互动率：近 30 天（点赞+评论+转发+收藏）÷ 播放'),
    last_pub: str('最近发布时间（北京时间）'),
  }),
  cost: () => API_COSTS.video_account,
  costNote: `每次 ${API_COSTS.video_account} 次；视频号不存在时不计费`,
  run: async (q, ctx) => {
    const finder = await finderOf(ctx, q);
    if (typeof finder !== 'string') return finder;
    const a = await videoAccount(ctx.deps.store, finder);
    if (!a) return notFound('视频号不存在或尚未收录，本次调用不计费');
    return { data: a };
  },
});

const videoPostsEndpoint = endpoint({
  name: 'video_posts',
  method: 'get',
  path: '/video_posts',
  tag: '视频号',
  summary: '视频号作品列表',
  description: '视频号已收录的作品及其最新的播放、点赞、评论、转发、收藏数，可按发布时间、播放或点赞排序。',
  input: finderInput.safeExtend({
    orderby: z
      .enum(Object.keys(VIDEO_SORTS) as [VideoSort, ...VideoSort[]], {
        message: '只能是 pubtime、read 或 like',
      })
      .default('pubtime')
      .meta({ description: '排序：pubtime 发布时间（默认）、read 播放数、like 点赞数' }),
    page: page(10_000),
    num: num(50, 20),
  }),
  output: z.object({
    finder_id: str('视频号ID'),
    total: int('作品总数'),
    posts: z.array(
      z.object({
        post_id: str('作品ID'),
        desc: str('作品描述'),
        cover: str('封面地址'),
        duration: int('时长（秒）'),
        pubtime: str('发布时间（北京时间）'),
        read: int('播放数'),
        like: int('点赞数'),
        comment: int('评论数'),
        forward: int('转发数'),
        fav: int('收藏数'),
        engagement_rate: z.number().describe('互动率：（点赞+评论+转发+收藏）÷ 播放'),
        update_time: str('数据更新时间，未采集到数据时为空'),
      }),
    ),
  }),
  cost: () => API_COSTS.video_posts,
  costNote: `每页 ${API_COSTS.video_posts} 次；视频号不存在时不计费`,
  run: async (q, ctx) => {
    const finder = await finderOf(ctx, q);
    if (typeof finder !== 'string') return finder;
    const r = await videoPosts(ctx.deps.store, {
      finderId: finder,
      sort: q.orderby,
      page: q.page,
      size: q.num,
    });
    if (r.total === 0 && q.page === 1) return notFound('视频号不存在或尚未收录，本次调用不计费');
    return { data: { finder_id: finder, total: r.total, posts: r.rows } };
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
  linkShort2Long,
  videoSearch,
  videoAccountEndpoint,
  videoPostsEndpoint,
  balance,
];
