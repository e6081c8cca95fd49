import { defineCall } from '../define';
import {
  followFeed,
  followInput,
  followSearchInput,
  followSearchPage,
  similarInput,
  similarPage,
} from '../shapes/follow';

/** The /fbmain/follow calls. */
export const follow = {
  similarArticle: defineCall({
    group: 'Follow',
    name: 'similar_article',
    methods: ['GET', 'POST'],
    path: '/follow/v1/similar_article',
    access: 'public',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '某篇文章（aid 或 article_url）的相似文章：前后 30 天内标题相近的文章按匹配度（标题、摘要相似度与同行业加权）排序，可只看头条（top），分页，并附匹配度口径；时间范围受会员等级的历史深度限制。',
    input: similarInput,
    output: similarPage,
  }),
  followKeySearch: defineCall({
    group: 'Follow',
    name: 'follow_key_search',
    methods: ['GET', 'POST'],
    path: '/follow/v1/follow_key_search',
    access: 'member',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '在本人收藏分组里的公众号的文章中按关键词（kw，1–30 字）搜索：可选范围（全部、标题、正文）、分组、发布日期区间与排序（发布时间或阅读数），分页。',
    input: followSearchInput,
    output: followSearchPage,
  }),
  followAccountArticle: defineCall({
    group: 'Follow',
    name: 'follow_account_article',
    methods: ['GET', 'POST'],
    path: '/follow/v1/follow_account_article',
    access: 'public',
    envelope: 'error_code',
    origin: 'spec',
    summary:
      '一组公众号（mids，最多 200 个）的最新文章，按发布时间倒序分页；时间范围受会员等级的历史深度限制。',
    input: followInput,
    output: followFeed,
  }),
};
