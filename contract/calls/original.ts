import { defineCall } from '../define';
import {
  accountAppletPage,
  appletInput,
  hotOriginalInput,
  hotOriginalPage,
  linksInput,
  oneLevel,
  oneLevelInput,
  originalLinkPage,
  originalRankPage,
  secondLevel,
  secondLevelInput,
} from '../shapes/original';
import { rankInput } from '../shapes/rankings';

/** The /fbmain/original calls. */
export const original = {
  ranklisk: defineCall({
    group: 'Original',
    name: 'ranklisk',
    methods: ['GET', 'POST'],
    path: '/original/v1/ranklisk',
    access: 'public',
    envelope: 'status',
    origin: 'spec',
    summary:
      '原创榜：按周期（日/周/月，date 选期）与行业或地区排出的公众号原创排名，附原创文章的阅读数、平均阅读与原创占比，分页；前 100 名免费，更深的页需付费会员。',
    input: rankInput,
    output: originalRankPage,
  }),
  associatedApplet: defineCall({
    group: 'Original',
    name: 'associated_applet',
    methods: ['GET', 'POST'],
    path: '/original/v1/associated_applet',
    access: 'senior',
    envelope: 'status',
    origin: 'spec',
    summary:
      '公众号（id）文章中嵌入的小程序：近 30 天的曝光、文章数与公众号数，可按曝光、文章、公众号或阅读排序，分页（详情弹窗的小程序页签）；付费会员可看，等级不足回 4002。',
    input: appletInput,
    output: accountAppletPage,
  }),
  originalTextLink: defineCall({
    group: 'Original',
    name: 'original_text_link',
    methods: ['GET', 'POST'],
    path: '/original/v1/original_text_link',
    access: 'senior',
    envelope: 'status',
    origin: 'spec',
    summary:
      '公众号（id）近 1/7/30/60 天（days）文章的“阅读原文”链接：位置、标题、链接、发布时间、阅读与点赞数，可按发布时间、阅读或点赞排序，每页 10 条（详情弹窗的原文链接页签）；付费会员可看，等级不足回 4002。',
    input: linksInput,
    output: originalLinkPage,
  }),
  onelevel: defineCall({
    group: 'Original',
    name: 'onelevel',
    methods: ['GET', 'POST'],
    path: '/original/v1/onelevel',
    access: 'public',
    envelope: 'status',
    origin: 'spec',
    summary:
      '原创文章的一级分类（公众号行业）：近 1/7/30 天（days）每个行业的原创文章数、公众号数与阅读数，文章多的在前。',
    input: oneLevelInput,
    output: oneLevel,
  }),
  hotarticle: defineCall({
    group: 'Original',
    name: 'hotarticle',
    methods: ['GET', 'POST'],
    path: '/original/v1/hotarticle',
    access: 'public',
    envelope: 'status',
    origin: 'spec',
    summary:
      '原创热文：近 days 天（默认 7）的原创文章，可按行业（media）与标签（tag）筛选，按阅读、点赞或发布时间排序，分页；前 100 名免费，更深的页需付费会员。',
    input: hotOriginalInput,
    output: hotOriginalPage,
  }),
  secondlevel: defineCall({
    group: 'Original',
    name: 'secondlevel',
    methods: ['GET', 'POST'],
    path: '/original/v1/secondlevel',
    access: 'public',
    envelope: 'status',
    origin: 'spec',
    summary:
      '某行业（media，必填）下原创文章的二级分类（公众号标签）：近 days 天每个标签的原创文章数、公众号数与阅读数，分页。',
    input: secondLevelInput,
    output: secondLevel,
  }),
};
