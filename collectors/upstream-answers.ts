import { z } from 'zod';
import { midOf } from '../core/wechat-ids';
import { UpstreamError } from './http';

/**
 * The shapes of the upstream answers the collectors read (WeChat back office, client, 视频号助手, WeChat Reading),
 * checked before use: an answer that does not fit is an UpstreamError 'malformed', never a TypeError further on,
 * and no number outside what the bus and ClickHouse hold (negative, fractional, beyond UInt32, NaN) is passed on.
 * Fields the collectors can do without default to '' / 0 / [] as before; the identity fields are required.
 */

/** Reads `value` with `schema`, or throws a 'malformed' UpstreamError naming the answer and the first bad field. */
export function readAnswer<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const i = r.error.issues[0];
  throw new UpstreamError(
    `${what}: unexpected answer (${i?.path.join('.') || 'body'}: ${i?.message})`,
    'malformed',
  );
}

/** Parses JSON text carried inside an answer (appmsgpublish's publish_page and publish_info). */
export function readJsonText(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError(`${what} is not JSON`, 'malformed');
  }
}

const text = z
  .string()
  .nullish()
  .transform((s) => s ?? '');
/** Counters as the columns hold them (UInt32). */
const count = z.number().int().min(0).max(4_294_967_295);
const optCount = count.nullish().transform((n) => n ?? 0);
const unixSeconds = z.number().int().min(0).max(4_102_444_800);
const msgid = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * base_resp, read on its own first: freq control and expiry must be recognised whatever else the answer holds.
 * `ret` may be absent: real 2018 getappmsgext successes carry only `{wxtoken}`. The answer's top-level `ret`
 * (getappmsgext repeats it there: `{"base_resp":{"ret":-3},"ret":-3,"errmsg":"no session"}`) counts too.
 */
export const baseResp = z.object({
  base_resp: z
    .object({
      ret: z.number().int().nullish(),
      err_msg: z.string().nullish(),
      errmsg: z.string().nullish(),
    })
    .nullish(),
  ret: z.number().int().nullish(),
  errmsg: z.string().nullish(),
});

/** An account's __biz: base64 of its decimal id (every message is keyed by that id). */
const biz = z.string().refine((b) => {
  try {
    return midOf(b) > 0;
  } catch {
    return false;
  }
}, 'not a valid __biz');

const bizInfo = z.object({
  fakeid: biz,
  nickname: text,
  alias: text,
  round_head_img: text,
  signature: text,
});

export const searchbizAnswer = z.object({
  list: z.array(bizInfo).nullish(),
  total: count.nullish(),
});

export const profileAnswer = bizInfo.extend({
  user_name: text,
  principal_name: text,
  register_time: unixSeconds.nullish().transform((n) => n ?? 0),
  province: text,
  category: text,
  tags: z
    .array(z.string())
    .nullish()
    .transform((t) => t ?? []),
  qrcode: text,
  finder_username: text,
});

export const wxaprofileAnswer = z.object({
  appid: z.string().min(1),
  nickname: text,
  username: text,
  principal_name: text,
});

/** One article of appmsgpublish's publish_info.appmsgex or of appmsg list_ex. */
export const appMsgEx = z.object({
  appmsgid: msgid,
  itemidx: z.number().int().min(1).max(8),
  title: text,
  digest: text,
  cover: text,
  author_name: text,
  link: z.string(),
  create_time: unixSeconds,
  copyright_stat: z.number().int().min(0).max(255).nullish(),
  copyright_type: z.number().nullish(),
  /** 0 图文, 5 视频, 7 语音, 8 图片, 10 文本…; an odd value reads as not given rather than refusing the list. */
  item_show_type: z.number().int().min(0).max(255).nullish().catch(null),
  source_url: text,
  is_deleted: z.union([z.boolean(), z.number()]).nullish(),
});
export type AppMsgEx = z.output<typeof appMsgEx>;

export const publishPage = z.object({
  total_count: count,
  publish_list: z.array(z.object({ publish_info: z.string() })),
});

export const publishInfo = z.object({
  msgid,
  sent_info: z.object({ time: unixSeconds }).nullish(),
  appmsgex: z.array(appMsgEx),
});

export const listExAnswer = z.object({
  app_msg_cnt: count,
  app_msg_list: z.array(appMsgEx),
});

/** getappmsgext: appmsgstat's ret first (a refusal carries no counters), then the counters. */
export const appmsgstatRet = z.object({
  appmsgstat: z.object({ ret: z.number().int().nullish() }).nullish(),
});
/**
 * The counters. Only read_num is required (an appmsgstat without it carries no counters at all); like_num (在看),
 * old_like_num (点赞, since 2020), share_num and comment_count may be absent — 2018 answers have no old_like_num
 * or share_num — and read as null (absent), not 0. A counter that is there must be a UInt32.
 */
const absentCount = count.nullish().transform((n) => n ?? null);
export const appmsgextAnswer = z.object({
  appmsgstat: z.object({
    read_num: count,
    like_num: absentCount,
    old_like_num: absentCount,
    share_num: absentCount,
  }),
  comment_count: absentCount,
});

/** 视频号助手 post_list: errCode first, then the data. */
export const postListHead = z.object({ errCode: z.number().int(), errMsg: z.string().nullish() });
export const postListData = z.object({
  totalCount: count,
  list: z.array(
    z.object({
      objectId: z.string().min(1),
      createTime: unixSeconds,
      desc: z
        .object({
          description: text,
          media: z
            .array(
              z.object({
                coverUrl: text,
                thumbUrl: text,
                videoPlayLen: z.number().nullish(),
              }),
            )
            .nullish(),
        })
        .nullish(),
      contact: z.object({ username: text, nickname: text, headUrl: text, signature: text }).nullish(),
      readCount: optCount,
      likeCount: optCount,
      commentCount: optCount,
      forwardCount: optCount,
      favCount: optCount,
    }),
  ),
});

/** WeChat Reading's /web/mp/articles: errCode first, then the push groups. */
export const wereadHead = z.object({ errCode: z.number().int().nullish(), errMsg: z.string().nullish() });
export const wereadAnswer = z.object({
  reviews: z
    .array(
      z.object({
        createTime: unixSeconds.nullish(),
        subReviews: z
          .array(
            z.object({
              review: z
                .object({
                  createTime: unixSeconds.nullish(),
                  mpInfo: z
                    .object({
                      title: text,
                      content: text,
                      pic_url: text,
                      doc_url: text,
                      time: unixSeconds.nullish(),
                    })
                    .nullish(),
                })
                .nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
  totalCount: count.nullish(),
});
