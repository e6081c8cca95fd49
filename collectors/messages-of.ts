import type {
  AccountInput,
  ArticleInput,
  MonitorTaskMessage,
  SnapshotMessage,
  TopicInput,
} from '../bus/messages';
import { COPYRIGHT_CODE, isFromElsewhere } from '../core/copyright';
import { messageKind } from '../core/message-kind';
import { midOf } from '../core/wechat-ids';
import type { ParsedArticle } from './article-parser';
import type { SourceArticle, SourceCounts, SourceFinder, SourceProfile, SourceVideo } from './source';

/** Source shapes → bus messages: the one place collectors build them. */

/** Every account-scoped message is keyed by mid, so one account's messages share a partition. */
export const accountKey = (biz: string): string => String(midOf(biz));
export function accountMessage(p: SourceProfile, crawledAt: number): AccountInput {
  return {
    mid: midOf(p.biz),
    biz: p.biz,
    name: p.name,
    wxid: p.alias,
    gh_id: p.ghId,
    avatar: p.avatar,
    qrcode: p.qrcode,
    owner: p.owner,
    area: p.area,
    desc: p.signature,
    media: p.industry,
    tags: p.tags,
    reg_time: p.regTime,
    crawled_at: crawledAt,
  };
}

/**
 * What an article's page adds to its message: body text and the embedded mini-programs, with each one's owner
 * (主体) when the collector looked its profile up (`owners`, by appid).
 */
function pageFields(
  p: ParsedArticle,
  owners?: ReadonlyMap<string, string>,
): Pick<ArticleInput, 'content' | 'miniprogram_appids' | 'miniprogram_cards'> {
  return {
    content: p.content,
    miniprogram_appids: p.mini_programs,
    miniprogram_cards: p.mini_program_cards.map((c) => ({
      appid: c.appid,
      nickname: c.nickname,
      avatar: c.avatar,
      owner: owners?.get(c.appid) ?? '',
    })),
  };
}

/**
 * An article from a post list; with its fetched page, also its body text, mini-programs, kind and reprint source.
 * 原创: the page's when it says (it tells a share from a reprint, and list_ex answers may carry no
 * copyright_type at all), else the list's.
 */
export function articleMessage(
  a: SourceArticle,
  crawledAt: number,
  page?: ParsedArticle | null,
  owners?: ReadonlyMap<string, string>,
): ArticleInput {
  const copyright =
    page && page.copyright_stat !== COPYRIGHT_CODE.unknown ? page.copyright_stat : a.copyrightStat;
  const itemShowType = a.itemShowType ?? (page ? page.item_show_type : null);
  return {
    aid: `${a.msgid}_${a.idx}`,
    mid: midOf(a.biz),
    biz: a.biz,
    msgid: a.msgid,
    idx: a.idx,
    sn: a.sn,
    title: a.title,
    digest: a.digest,
    cover: a.cover,
    author: a.author,
    href: a.link,
    pubtime: a.createTime,
    copyright_stat: copyright,
    source_url: a.sourceUrl,
    crawled_at: crawledAt,
    item_show_type: itemShowType ?? 0,
    kind: page ? page.kind : messageKind(itemShowType, isFromElsewhere(copyright)),
    source_account: page?.source_account ?? '',
    source: a.via ?? '',
    ...(page ? pageFields(page, owners) : {}),
  };
}

/** An article read from its page: carries the body text and mini-program appids too. */
export function parsedArticleMessage(p: ParsedArticle, crawledAt: number): ArticleInput {
  return {
    aid: p.aid,
    mid: p.mid,
    biz: p.biz,
    msgid: p.msgid,
    idx: p.idx,
    sn: p.sn,
    title: p.title,
    digest: p.digest,
    cover: p.cover,
    author: p.author,
    href: p.href,
    pubtime: p.pubtime,
    copyright_stat: p.copyright_stat,
    source_url: p.source_url,
    crawled_at: crawledAt,
    item_show_type: p.item_show_type,
    kind: p.kind,
    source_account: p.source_account,
    ...pageFields(p),
  };
}

/** A video post with the counters it had when listed. */
export function videoMessage(
  v: SourceVideo,
  finderUsername: string,
  biz: string,
  crawledAt: number,
): TopicInput<'videos'> {
  return {
    object_id: v.objectId,
    finder_username: finderUsername,
    mid: midOf(biz),
    biz,
    create_time: v.createTime,
    description: v.description,
    read: v.read,
    like: v.like,
    comment: v.comment,
    forward: v.forward,
    fav: v.fav,
    cover: v.cover,
    duration_s: v.durationS,
    crawled_at: crawledAt,
  };
}

/** A video account's profile, linked to the official account whose profile names it. */
export function videoAccountMessage(
  f: SourceFinder,
  biz: string,
  crawledAt: number,
): TopicInput<'video_accounts'> {
  return {
    finder_username: f.username,
    mid: midOf(biz),
    biz,
    nickname: f.nickname,
    avatar: f.avatar,
    description: f.signature,
    crawled_at: crawledAt,
  };
}

export function snapshotMessage(
  a: Pick<SourceArticle, 'biz' | 'msgid' | 'idx'>,
  c: SourceCounts,
  nowMs: number,
): SnapshotMessage {
  return {
    aid: `${a.msgid}_${a.idx}`,
    mid: midOf(a.biz),
    ts: Math.floor(nowMs / 1000),
    read: c.read,
    zan: c.zan,
    looking: c.looking,
    share: c.share,
    comment: c.comment,
    ...(c.via ? { source: c.via } : {}),
  };
}

/** A monitor task on one known article: polled every `freq` minutes for `days` days from `createdAt`. */
export function articleMonitorTask(
  a: Pick<SourceArticle, 'biz' | 'msgid' | 'idx' | 'sn'>,
  taskId: string,
  freq: MonitorTaskMessage['freq_min'],
  createdAt: number,
  days: MonitorTaskMessage['days'] = 1,
): MonitorTaskMessage {
  return {
    task_id: taskId,
    kind: 'article',
    biz: a.biz,
    msgid: a.msgid,
    idx: a.idx,
    sn: a.sn,
    position: a.idx,
    freq_min: freq,
    days,
    created_at: createdAt,
  };
}
