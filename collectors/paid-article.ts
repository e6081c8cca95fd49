import { z } from 'zod';
import { type Copyright, copyrightCode } from '../core/copyright';
import { messageKind } from '../core/message-kind';
import { type ParsedArticle, parseArticlePage } from './article-parser';
import { parseArticleUrl } from './article-url';

/**
 * The paid API's article detail (极致了 article_html: the account's and the article's fields, and the body as
 * #js_content holds it) read as a parsed article page, so an article fetched through it is stored like one read
 * from WeChat. The body goes through the page parser, for its text and mini-program cards.
 */
export const paidArticleAnswer = z.object({
  data: z.object({
    title: z.string().nullish(),
    biz: z.string().nullish(),
    article_url: z.string(),
    cover_url: z.string().nullish(),
    nickname: z.string().nullish(),
    post_time: z.number().int().nonnegative().nullish(),
    gh_id: z.string().nullish(),
    wxid: z.string().nullish(),
    source_url: z.string().nullish(),
    author: z.string().nullish(),
    desc: z.string().nullish(),
    /** 是否原创: 1 original. */
    copyright: z.union([z.number(), z.string()]).nullish(),
    html: z.string().nullish(),
  }),
});
export type PaidArticle = z.infer<typeof paidArticleAnswer>['data'];

const midOfBiz = (biz: string): number => {
  const n = Number(Buffer.from(biz, 'base64').toString('utf8'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

export function parsedFromPaid(d: PaidArticle): ParsedArticle {
  const link = parseArticleUrl(d.article_url);
  const id = link?.kind === 'long' ? link : null;
  const biz = d.biz || id?.biz || '';
  const mid = midOfBiz(biz);
  const ok = id !== null && mid > 0;
  const body = parseArticlePage(`<div class="rich_media_content" id="js_content">${d.html ?? ''}</div>`);
  // The provider says only whether the article is original; anything else is left unknown, not called a reprint.
  const copyright: Copyright = Number(d.copyright) === 1 ? 'original' : 'unknown';
  const origin = (() => {
    try {
      return new URL(d.article_url).origin;
    } catch {
      return 'https://mp.weixin.qq.com';
    }
  })();
  return {
    ok,
    biz,
    mid,
    msgid: id?.msgid ?? 0,
    idx: id?.idx ?? 0,
    sn: id?.sn ?? '',
    aid: ok && id ? `${id.msgid}_${id.idx}` : '',
    title: d.title ?? '',
    digest: d.desc ?? '',
    cover: d.cover_url ?? '',
    author: d.author ?? '',
    nickname: d.nickname ?? '',
    user_name: d.gh_id ?? '',
    alias: d.wxid ?? '',
    pubtime: d.post_time ?? 0,
    copyright,
    copyright_stat: copyrightCode(copyright),
    source_account: '',
    item_show_type: 0,
    kind: messageKind(0, false),
    source_url: d.source_url ?? '',
    href:
      ok && id
        ? `${origin}/s?__biz=${encodeURIComponent(biz)}&mid=${id.msgid}&idx=${id.idx}&sn=${encodeURIComponent(id.sn)}`
        : '',
    content: body.content,
    mini_programs: body.mini_programs,
    mini_program_cards: body.mini_program_cards,
    counts: null,
  };
}
