import { z } from 'zod';
import { copyrightCode, copyrightFromList } from '../core/copyright';
import { retKind, UpstreamError } from './http';
import type { SourceAccount, SourceArticle, SourcePush } from './source';
import {
  type AppMsgEx,
  appmsgextAnswer,
  appmsgstatRet,
  baseResp,
  listExAnswer,
  publishInfo,
  publishPage,
  readAnswer,
  readJsonText,
  searchbizAnswer,
} from './upstream-answers';

/**
 * The readers of WeChat's JSON answers, without the fetching: an answer in, the platform's shape out, or an
 * UpstreamError whose kind says what the answer meant (expired session, freq control, refusal, malformed).
 * The collectors call them on what they fetch; the conformance test calls them on recorded real answers.
 */

type BaseResp = z.output<typeof baseResp>;

/** Throws when base_resp (or the answer's own top-level ret) carries an error code. */
export function check(r: BaseResp, what: string): void {
  const ret = r.base_resp?.ret ?? r.ret ?? 0;
  if (ret !== 0)
    throw new UpstreamError(
      `${what}: ret=${ret} ${r.base_resp?.err_msg ?? r.base_resp?.errmsg ?? r.errmsg ?? ''}`.trim(),
      retKind(ret),
      undefined,
      ret,
    );
}

/** sn is only in the article link; the list answer does not carry it as a field. */
export function snOf(link: string): string {
  try {
    return new URL(link.replace(/&amp;/g, '&')).searchParams.get('sn') ?? '';
  } catch {
    return '';
  }
}

/** An article of appmsgpublish or list_ex as the platform keeps it; 原创 mapped once (core/copyright.ts). */
export function toSourceArticle(biz: string, x: AppMsgEx): SourceArticle {
  return {
    biz,
    msgid: x.appmsgid,
    idx: x.itemidx,
    sn: snOf(x.link),
    title: x.title,
    digest: x.digest,
    cover: x.cover,
    author: x.author_name,
    link: x.link.replace(/#rd$/, ''),
    createTime: x.create_time,
    copyrightStat: copyrightCode(copyrightFromList(x.copyright_stat, x.copyright_type)),
    sourceUrl: x.source_url,
    itemShowType: x.item_show_type ?? null,
  };
}

export function readSearchbiz(x: unknown): { total: number; accounts: SourceAccount[] } {
  check(readAnswer(baseResp, x, 'searchbiz'), 'searchbiz');
  const r = readAnswer(searchbizAnswer, x, 'searchbiz');
  const accounts: SourceAccount[] = (r.list ?? []).map((b) => ({
    biz: b.fakeid,
    name: b.nickname,
    alias: b.alias,
    avatar: b.round_head_img,
  }));
  return { total: r.total ?? accounts.length, accounts };
}

/** One page of appmsg list_ex: its articles in list order, and how many articles the account has. */
export function readListEx(x: unknown, biz: string): { total: number; articles: SourceArticle[] } {
  check(readAnswer(baseResp, x, 'appmsg list_ex'), 'appmsg list_ex');
  const r = readAnswer(listExAnswer, x, 'appmsg list_ex');
  return { total: r.app_msg_cnt, articles: r.app_msg_list.map((a) => toSourceArticle(biz, a)) };
}

/**
 * One page of appmsgpublish: `publish_page` is JSON text, each `publish_info` JSON text again; deleted articles
 * are left out. No real answer of it was found in public repositories: its shape is the adapters' documentation.
 */
export function readAppmsgpublish(x: unknown, biz: string): { total: number; pushes: SourcePush[] } {
  check(readAnswer(baseResp, x, 'appmsgpublish'), 'appmsgpublish');
  const r = readAnswer(z.object({ publish_page: z.string() }), x, 'appmsgpublish');
  const page = readAnswer(
    publishPage,
    readJsonText(r.publish_page, 'appmsgpublish: publish_page'),
    'appmsgpublish: publish_page',
  );
  const pushes: SourcePush[] = [];
  for (const item of page.publish_list) {
    const info = readAnswer(
      publishInfo,
      readJsonText(item.publish_info, 'appmsgpublish: publish_info'),
      'appmsgpublish: publish_info',
    );
    const articles = info.appmsgex.filter((a) => !a.is_deleted).map((a) => toSourceArticle(biz, a));
    pushes.push({ msgid: info.msgid, time: info.sent_info?.time ?? articles[0]?.createTime ?? 0, articles });
  }
  return { total: page.total_count, pushes };
}

/** Counters as getappmsgext gives them; null where the answer has no such counter. */
export interface AppmsgextCounts {
  read: number;
  looking: number | null;
  zan: number | null;
  share: number | null;
  comment: number | null;
}

/**
 * getappmsgext: an error code (ret -3 no session → expired, freq control…) throws by its kind; an appmsgstat
 * refused on its own ret, or missing, is a refusal; otherwise the counters, each missing one null.
 */
export function readAppmsgext(x: unknown): { counts: AppmsgextCounts } {
  check(readAnswer(baseResp, x, 'getappmsgext'), 'getappmsgext');
  const s = readAnswer(appmsgstatRet, x, 'getappmsgext').appmsgstat;
  if (!s || (s.ret ?? 0) !== 0) throw new UpstreamError('getappmsgext: no appmsgstat', 'rejected');
  const r = readAnswer(appmsgextAnswer, x, 'getappmsgext');
  return {
    counts: {
      read: r.appmsgstat.read_num,
      // like_num is 在看 and old_like_num is 点赞 since WeChat renamed the buttons in 2020.
      looking: r.appmsgstat.like_num,
      zan: r.appmsgstat.old_like_num,
      share: r.appmsgstat.share_num,
      comment: r.comment_count,
    },
  };
}
