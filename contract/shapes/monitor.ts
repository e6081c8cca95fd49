import { z } from 'zod';
import { accountId } from '../inputs';
import { blankToUndefined, midField, num, paging, text } from '../monitor-inputs';

/**
 * Minute-level monitoring orders (monitor/v1, spec §7 Monitor): what a member orders, the task lists with where
 * each task stands, the accounts and articles the order form checks, and the month's counts.
 */

// ---------- inputs ----------

const freq = num((n) => [1, 2, 5, 10].includes(n), '只能是 1、2、5 或 10（分钟）');
const days = num((n) => [1, 2, 3].includes(n), '只能是 1、2 或 3（天）');
const position = num((n) => n >= 0 && n <= 8, '只能是 0（全部）到 8');
const url = text(2000);
const pagingFields = paging(50, 10);

export const articleOrderInput = z.object({ url, freq, days });
export const nextPostOrderInput = z.object({ mid: midField, position, freq, days });
export const operateInput = z.object({
  task_id: text(100),
  action: z.preprocess(
    blankToUndefined,
    z.enum(['cancel'], { message: '只支持 cancel（取消）' }).default('cancel'),
  ),
});
export const monitorPageInput = z.object(pagingFields);
export const articleLinkInput = z.object({ url });
/** An account named by mid, WeChat id or link (an article link or the account's home link). */
export const monitorAccountInput = z
  .object({
    url: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
    mid: z.preprocess(blankToUndefined, midField.optional()),
    wxid: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    ...pagingFields,
  })
  .refine((v) => v.url !== undefined || v.mid !== undefined || v.wxid !== undefined, {
    message: '不能为空（请提供 mid、wxid 或 url）',
    path: ['mid'],
  });

// ---------- answers ----------

const verdict = z.union([z.literal(0), z.literal(1)]).nullable();

export const TASK_STATES = ['waiting', 'monitoring', 'done', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
export const TASK_KINDS = ['article', 'next_post'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** One article a task monitors. */
export const monitorPost = z.object({
  post: z.string(),
  aid: z.string(),
  position: z.number(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  /** Fake-traffic verdict: 0 normal, 1 fake, null not judged yet. */
  status: verdict,
  postlink: z.string(),
});
export type MonitorPost = z.output<typeof monitorPost>;

/** One row of the monitor record (spec §3): history_task_list / history_monitor_task_list. */
export const monitorTask = z.object({
  task_id: z.string(),
  kind: z.enum(TASK_KINDS),
  mid: z.number(),
  position: z.number(),
  position_label: z.string(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  start_ts: z.string(),
  end_ts: z.string(),
  day: z.number(),
  freq: z.number(),
  cost: z.number(),
  refunded: z.number(),
  created: z.string(),
  status: verdict,
  state: z.enum(TASK_STATES),
  state_label: z.string(),
  /** Whether the collector has reported on the task. */
  reported: z.boolean(),
  polls: z.number(),
  post: z.string(),
  postlink: z.string(),
  posts: z.array(monitorPost),
});
export type MonitorTask = z.output<typeof monitorTask>;

const paged = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number(), page: z.number(), pagesize: z.number() });
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pagesize: number;
}

export const monitorTaskPage = z.object({ data: paged(monitorTask) });

/** An account as the monitor calls name it. */
export const monitorAccount = z.object({
  mid: z.number(),
  biz: z.string(),
  name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  owner: z.string(),
});
/** getMidInfo: the account with this member's task count on it. */
export const midInfoAnswer = z.object({ data: monitorAccount.extend({ monitor_num: z.number() }) });
/** verifyMpAccountByLink: the included account. */
export const includedAccountAnswer = z.object({ data: monitorAccount.extend({ is_included: z.literal(1) }) });
/** The account of a link (verifyMpAccountByLink) or of a mid (getMidInfo). */
export type MonitorAccount = z.output<typeof monitorAccount> & { monitor_num?: number };

/** verifyLink: the article a link points at. */
export const linkCheck = z.object({
  biz: z.string(),
  mid: z.number(),
  msgid: z.number(),
  idx: z.number(),
  sn: z.string(),
  aid: z.string(),
  title: z.string(),
  pubtime: z.string(),
  url: z.string(),
  /** True when the article has been crawled (title and publish time are ours). */
  known: z.boolean(),
  post: z.string(),
  mp_name: z.string(),
  wxid: z.string(),
});
export type LinkCheck = z.output<typeof linkCheck>;
export const linkCheckAnswer = z.object({ data: linkCheck });

const placed = z.object({
  task_id: z.string(),
  cost: z.number(),
  remaining: z.number(),
  allowance: z.number(),
});
export const articleOrderAnswer = z.object({
  data: placed.extend({ post: z.string(), postlink: z.string(), title: z.string() }),
});
export const nextPostOrderAnswer = z.object({
  data: placed.extend({ post: z.literal(''), mp_name: z.string() }),
});

const quota = { allowance: z.number(), used: z.number(), remaining: z.number() };
/** monitor_quota: the member's month of monitoring counts and what each kind of order costs. */
export const monitorQuotaAnswer = z.object({
  data: z.object({
    month: z.string(),
    ...quota,
    costs: z.object({ article: z.number(), next_post: z.number(), next_post_all: z.number() }),
  }),
});
/** operate_task / operate_monitor_task: the cancelled task, whether it was refunded, and the month's counts. */
export const operateAnswer = z.object({
  data: z.object({ task_id: z.string(), refunded: z.number(), ...quota }),
});

/** mpaccount_monitor_num: this member's task count on the account (0 for a visitor). */
export const monitorNumAnswer = z.object({ data: z.number() });

/** monitor_list: this member's monitored articles of one account, with their results. */
export const monitorListAnswer = z.object({
  error_code: z.literal(0),
  data: z.object({
    list: z.array(
      z.object({
        task_id: z.string(),
        title: z.string(),
        pubtime: z.string(),
        created: z.string(),
        period: z.string(),
        state: z.enum(TASK_STATES),
        state_label: z.string(),
        status: verdict,
        result: z.string(),
        post: z.string(),
        postlink: z.string(),
      }),
    ),
    total: z.number(),
    mid: z.number(),
    name: z.string(),
  }),
});

/** One account of mpaccount_monitor_list. */
export const monitoredAccount = z.object({
  mid: z.number(),
  tasks: z.number(),
  articles: z.number(),
  fake: z.number(),
  last: z.string(),
  name: z.string(),
  wxid: z.string(),
  avatar: z.string(),
  monitor_num: z.number(),
  fake_num: z.number(),
  last_created: z.string(),
});
export type MonitoredAccount = z.output<typeof monitoredAccount>;
export const monitoredAccountPage = z.object({ data: paged(monitoredAccount) });

/** One article of fake_list (judged fake traffic). */
export const fakeArticle = z.object({
  task_id: z.string(),
  mid: z.number(),
  title: z.string(),
  url: z.string(),
  pubtime: z.string(),
  position: z.number(),
  created: z.string(),
  status: z.literal(1),
  post: z.string(),
  postlink: z.string(),
});
export type FakeArticle = z.output<typeof fakeArticle>;
export const fakeArticlePage = z.object({ data: paged(fakeArticle) });

// ---------- the admin's industry override (ManualSetMpAccountType) ----------

/** An industry name: letters, digits and a few joiners, as industries are named (科技, 财经, IT/互联网…). */
const industry = z
  .string()
  .trim()
  .min(1, '不能为空')
  .max(20, '最长 20 个字')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}·&/、 -]*$/u, '只能包含文字、数字和 ·&/、-');

export const overrideInput = z
  .object({
    mid: accountId,
    // The call is named for the account's type: `type` is accepted as the industry too.
    media: z.preprocess(blankToUndefined, industry.optional()),
    type: z.preprocess(blankToUndefined, industry.optional()),
    note: z.preprocess(
      (v) => (v === undefined || v === null ? '' : v),
      z.string().trim().max(200, '最长 200 个字'),
    ),
    clear: z.preprocess(
      (v) => (blankToUndefined(v) === undefined ? 0 : v),
      z.coerce.number({ message: '只能是 0 或 1' }).int().min(0, '只能是 0 或 1').max(1, '只能是 0 或 1'),
    ),
  })
  .refine((v) => v.clear === 1 || v.media !== undefined || v.type !== undefined, {
    message: '不能为空（请填写行业，或 clear=1 清除修正）',
    path: ['media'],
  });

export const accountOverride = z.object({
  mid: z.number(),
  media: z.string(),
  /** The industry the collectors report for the account. */
  collected_media: z.string(),
  overridden: z.union([z.literal(0), z.literal(1)]),
  updated_at: z.string(),
});
export type AccountOverride = z.output<typeof accountOverride>;
export const overrideAnswer = z.object({ data: accountOverride });

// ---------- monitor/v3 api_user_detail ----------

/** The API customer's account: level, balance, keys and billed calls. */
export const apiUserDetailAnswer = z.object({
  data: z.object({
    user_id: z.number(),
    name: z.string(),
    phone: z.string(),
    vip_id: z.number(),
    vip_name: z.string(),
    balance: z.number(),
    trial_quota: z.number(),
    recharged_calls: z.number(),
    keys_active: z.number(),
    keys_total: z.number(),
    calls_today: z.number(),
    calls_7d: z.number(),
    calls_30d: z.number(),
    last_call_at: z.string(),
  }),
});
