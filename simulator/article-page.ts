import { copyrightOf, isFromElsewhere, isOriginal } from '../core/copyright';
import { hash32 } from '../core/rng';
import type { Counts, SimAccount, SimArticle, SimMiniProgram } from './world';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** How WeChat writes values into its inline JS: HTML-escaped, with quotes and backslashes escaped. */
const js = (s: string) => esc(s).replace(/\\/g, '\\\\');
/** WeChat's JsEncode, as cgiDataNew's JsDecode('…') values carry it: HTML-escaped, then \xNN for the specials. */
const jsEncode = (s: string) =>
  s
    .replace(/[&<>"']/g, (ch) =>
      ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
    )
    .replace(/[\\'"<>&\n\r]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);

const beijingDate = (unixS: number) => new Date(unixS * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** The per-article parts of a mini-program card: the page it opens, its title and picture. */
export function miniProgramCard(
  m: SimMiniProgram,
  art: SimArticle,
): { path: string; title: string; imageUrl: string } {
  return {
    path: `pages/detail/detail?id=${art.msgid}${art.idx}&from=article`,
    title: `${m.title}：${art.title.slice(0, 12)}`,
    imageUrl: `https://mmbiz.qpic.cn/mmbiz_jpg/${hash32(art.mid, art.msgid, art.idx, 'card').toString(16)}/0?wx_fmt=jpeg`,
  };
}

/**
 * What real pages inline before the article's own variables (learned from saved mp.weixin.qq.com pages): the
 * mini-program component's code, whose object keys are the page's variable names with other values, and the
 * 微信广告 ad block with its own `biz_info.user_name`. A reader that takes keys for variables reads these.
 */
const INLINED_COMPONENTS = `<script type="text/javascript" nonce="0" reportloaderror>
    var __INLINE_SCRIPT__ = (function (exports) {
        'use strict';
        var miniProgramAttrs = {
            appid: "data-miniprogram-appid",
            nickname: "data-miniprogram-nickname",
            avatar: "data-miniprogram-avatar",
            user_name: "data-miniprogram-username",
        };
        function accountTitle() { return window.nickname === '' ? '未命名账号' : window.title; }
        var nickname = miniProgramAttrs.nickname;
        exports.attrs = miniProgramAttrs;
        return exports;
    })({});
</script>
<script type="text/javascript" nonce="0" reportloaderror>
        var AD_CACHE_TIME = 0.5 * 60 * 1000;
        var defaultMidAdData = {
            hint_txt: '创意-20200827_1',
            type: '0',
            biz_appid: 'wx69618ae091cf2c76',
            biz_info: {
                user_name: 'gh_1e80bb81a1d2',
                nick_name: '微信广告',
                head_img: 'https://wxa.wxs.qq.com/res/images/bizsdk/preview/wxlogo.png',
                biz_uin: 3094043316,
                signature: '微信广告'
            },
            pos_type: 4,
        };
</script>`;

/** Counters as `'N' * 1`, or `'' * 1` (no value) without a client session, as real pages write them. */
const n = (v: number | undefined) => `'${v ?? ''}' * 1`;

/**
 * An article page shaped like mp.weixin.qq.com/s, in the shapes real pages have: the inlined component code and
 * ad block first; og meta tags; the rich_media header; #js_content (picture and text messages have none: their
 * text is only in cgiDataNew); mini-program cards; a reprint's source card ("以下文章来源于…"); the page's own
 * variables in one of the generations real pages use; `window.cgiDataNew` with JsDecode values;
 * `window.appmsg_bar_data` as a JavaScript literal (`'' * 1` without a client session); and, for some articles,
 * the 2018 layout (the date and the author as `em.rich_media_meta_text`, the 微信号 only in the profile card).
 * `_copyright_stat` is 1 original, 2 reprint or share, 0 none — never anything else.
 */
/**
 * The article's body as #js_content holds it, and as the paid API's article_html answers it. Mini-program cards as
 * the editor saves them: the program's name and icon (nickname, avatar), the page it opens, and the card's own
 * title and picture chosen for this article; newer pages use <mp-common-miniprogram>.
 */
export function articleBody(a: SimAccount, art: SimArticle, tag = 'mp-common-miniprogram'): string {
  const cards = art.miniPrograms
    .map((m) => {
      const card = miniProgramCard(m, art);
      return `<p><${tag} class="js_uneditable custom_select_card mp_miniprogram_iframe" data-miniprogram-appid="${m.appid}" data-miniprogram-path="${esc(card.path)}" data-miniprogram-nickname="${esc(m.title)}" data-miniprogram-avatar="${esc(m.icon)}" data-miniprogram-title="${esc(card.title)}" data-miniprogram-imageurl="${esc(card.imageUrl)}" data-miniprogram-type="card" data-miniprogram-servicetype="0"></${tag}></p>`;
    })
    .join('\n');
  return `<p>${esc(art.digest)}</p>
<p>${esc(a.name)}持续关注${esc(a.industry.name)}领域。以下内容由内置模拟器生成，仅作演示数据。</p>
${cards}
<p style="text-align:center;"><span>— END —</span></p>`;
}

export function articlePage(a: SimAccount, art: SimArticle, base: string, counts: Counts | null): string {
  const h = hash32(art.mid, art.msgid, art.idx);
  // Four generations: 0 current double-quoted `var`, 1 single-quoted `window.x = '' || 'x'`, 2 `"x" * 1`, 3 2018.
  const style = art.itemShowType !== 0 ? 1 : h % 8 === 7 ? 3 : h % 3;
  const link = `${base}/s?__biz=${art.biz}&amp;mid=${art.msgid}&amp;idx=${art.idx}&amp;sn=${art.sn}&amp;chksm=${art.sn.slice(0, 16)}#rd`;
  const jsLink = link.replace(/&amp;/g, '\\x26amp;');
  const cover = `${base}/mmhead/${encodeURIComponent(art.biz)}/0`;
  const original = isOriginal(art.copyrightStat);
  const elsewhere = isFromElsewhere(art.copyrightStat);
  const stat = original ? 1 : elsewhere ? 2 : 0;
  const reprintType = copyrightOf(art.copyrightStat) === 'share' ? 3 : elsewhere ? 1 : 0;
  const hasBody = art.itemShowType === 0;
  const tag = style === 2 ? 'mp-common-miniprogram' : 'mp-miniprogram';
  const body = articleBody(a, art, tag);
  const text = `${art.digest}\n\n${a.name}持续关注${a.industry.name}领域。以下内容由内置模拟器生成，仅作演示数据。`;
  const sourceCard = elsewhere
    ? `<div class="original_area_primary">
    <p role="option" class="original_primary_card_tips">
        <span>以下文章来源于${esc(art.sourceAccount)}</span>${art.author ? `\n        <span>，作者${esc(art.author)}</span>` : ''}
    </p>
    <a class="weui-flex original_primary_card appmsg_card_context" href="#" id="copyright_info">
        <div class="weui-flex__item" role="option"><strong class="original_primary_nickname">${esc(art.sourceAccount)}</strong></div>
    </a>
</div>`
    : '';
  const vars =
    style === 0
      ? `var biz = "${art.biz}" || "";
    var sn = "${art.sn}" || "";
    var mid = "${art.msgid}" || "";
    var idx = "${art.idx}" || "";
    var user_name = "${a.ghId}";
    var item_show_type = "${art.itemShowType}";
    var _copyright_stat = "${stat}";
    var nickname = htmlDecode("${js(a.name)}");
    var ct = "${art.createTime}";
    var publish_time = "${beijingDate(art.createTime)}" || "";
    var msg_title = '${js(art.title)}'.html(false);
    var msg_desc = htmlDecode("${js(art.digest)}");
    var msg_cdn_url = "${cover}";
    var msg_link = "${jsLink}";
    var msg_source_url = '${js(art.sourceUrl)}';
    var author = "${js(art.author)}";
    var copyright_stat = "${stat}" * 1;
    var reprint_type = '${reprintType || ''}' * 1;
    window.alias = "${a.alias}" || "";`
      : style === 1
        ? `window.idx = '' || '' || '${art.idx}';
    window.biz = '' || '${art.biz}';
    window.item_show_type = '${art.itemShowType}' || '';
    window.mid = '' || '' || '${art.msgid}';
    window.sn = '' || '' || '${art.sn}';
    window.ct = '${art.createTime}' || '';
    window.msg_title = '${js(art.title)}' || '';
    window.alias = "${a.alias}" || "";`
        : style === 2
          ? `var biz = "${art.biz}";
    var sn = "${art.sn}";
    var mid = "${art.msgid}";
    var idx = "${art.idx}";
    var ct = "${art.createTime}" * 1;
    var nickname = htmlDecode("${js(a.name)}");
    var user_name = "${a.ghId}";
    var alias = "${a.alias}";
    var msg_title = "${js(art.title)}".html(false);
    var msg_desc = "${js(art.digest)}";
    var msg_cdn_url = "${cover}";
    var msg_link = "${jsLink}";
    var author = "${js(art.author)}";
    var _copyright_stat = "${stat}";
    var copyright_stat = "${stat}" * 1;
    var msg_source_url = "${js(art.sourceUrl)}";`
          : `var biz = "${art.biz}" || "";
    var sn = "${art.sn}" || "" || "";
    var mid = "${art.msgid}" || "" || "";
    var idx = "${art.idx}" || "" || "";
    var msg_link = "${jsLink}";
    var __appmsgCgiData = {
        can_use_page : "0"*1,
        copyright_stat : "${stat}",
        source_biz : "",
        hd_head_img : "${cover}"||(window.location.protocol+"//"+window.location.host)
    };
    var _copyright_stat = "${stat}";
    var nickname = "${js(a.name)}";
    var ct = "${art.createTime}";
    var user_name = "${a.ghId}";
    var msg_title = "${js(art.title)}";
    var msg_desc = "${js(art.digest)}";
    var msg_cdn_url = "${cover}";
    var msg_source_url = '${js(art.sourceUrl)}';
    var copyright_stat = "${stat}" * 1;`;
  // The page's own data object (current pages): JsDecode values, counters as `'N' * 1`.
  const cgiDataNew =
    style === 3
      ? ''
      : `<script type="text/javascript" nonce="0" reportloaderror>
        try {
            window.cgiDataNew = {
                base_resp: {
                    ret: '0' * 1,
                    errmsg: JsDecode('ok'),
                    wxtoken: '777' * 1,
                },
                user_name: JsDecode('${a.ghId}'),
                nick_name: JsDecode('${jsEncode(a.name)}'),
                title: JsDecode('${jsEncode(art.title)}'),
                desc: JsDecode('${jsEncode(art.digest)}'),
                content_noencode: JsDecode('${jsEncode(hasBody ? '' : text)}'),
                create_time: JsDecode('${beijingDate(art.createTime)}'),
                cdn_url: JsDecode('${cover}'),
                link: JsDecode('${jsLink}'),
                source_url: JsDecode('${jsEncode(art.sourceUrl)}'),
                alias: JsDecode('${a.alias}'),
                author: JsDecode('${jsEncode(art.author)}'),
                ori_create_time: '${art.createTime}' * 1,
                copyright_info: {
                    copyright_stat: '${stat}' * 1,${
                      elsewhere
                        ? `
                    platform: JsDecode('${jsEncode(art.sourceAccount)}'),
                    reprint_type: '${reprintType}' * 1,`
                        : ''
                    }
                    is_cartoon_copyright: '0' * 1,
                },
                bizuin: JsDecode('${art.biz}'),
                mid: '${art.msgid}' * 1,
                idx: '${art.idx}' * 1,
                sn: JsDecode('${art.sn}'),
                item_show_type: '${art.itemShowType}' * 1,
                picture_page_info_list: [
                ],
            };
        } catch (e) {}
</script>`;
  const bar = `
    var read_num = ${counts ? `"${counts.read}"` : '""'} * 1;
    window.appmsg_bar_data = {
        verify_status: '' * 1,
        show_like: ${n(counts ? 1 : undefined)},
        like_count: ${n(counts?.looking)},
        show_share: ${n(counts ? 1 : undefined)},
        share_count: ${n(counts?.share)},
        show_old_like: ${n(counts ? 1 : undefined)},
        old_like_count: ${n(counts?.zan)},
        comment_enabled: ${n(counts ? 1 : undefined)},
        comment_count: ${n(counts?.comment)},
        friend_seen_info: {
        },
        red_flower_like_info: {
            is_red_flower_like: '0' * 1 || 0,
            red_flower_wording: '',
        },
        is_show_newsflash_feeds: '' * 1 === 1,
        newsflash_feeds_url: '',
    };`;
  const header =
    style === 3
      ? `<h2 class="rich_media_title" id="activity-name">
  ${esc(art.title)}
</h2>
<div id="meta_content" class="rich_media_meta_list">
  ${original ? '<span id="copyright_logo" class="rich_media_meta meta_original_tag">原创</span>' : ''}
  <em id="post-date" class="rich_media_meta rich_media_meta_text">${beijingDate(art.createTime)}</em>
  ${art.author ? `<em class="rich_media_meta rich_media_meta_text">${esc(art.author)}</em>` : ''}
  <a class="rich_media_meta rich_media_meta_link rich_media_meta_nickname" href="##" id="post-user">${esc(a.name)}</a>
  <span class="rich_media_meta rich_media_meta_text rich_media_meta_nickname">${esc(a.name)}</span>
  <div id="js_profile_qrcode" class="profile_container" style="display:none;">
    <div class="profile_inner">
      <strong class="profile_nickname">${esc(a.name)}</strong>
      <p class="profile_meta">
      <label class="profile_meta_label">微信号</label>
      <span class="profile_meta_value">${esc(a.alias)}</span>
      </p>
      <p class="profile_meta">
      <label class="profile_meta_label">功能介绍</label>
      <span class="profile_meta_value">${esc(a.signature)}</span>
      </p>
    </div>
  </div>
</div>`
      : `<h1 class="rich_media_title" id="activity-name">
  ${esc(art.title)}
</h1>
<div id="meta_content" class="rich_media_meta_list">
  ${original ? '<span id="copyright_logo" class="rich_media_meta icon_appmsg_tag appmsg_title_tag">原创</span>' : ''}
  ${art.author ? `<span class="rich_media_meta rich_media_meta_text">${esc(art.author)}</span>` : ''}
  <span class="rich_media_meta rich_media_meta_nickname" id="profileBt"><a href="javascript:void(0);" id="js_name">
    ${esc(a.name)}
  </a></span>
  <em id="publish_time" class="rich_media_meta rich_media_meta_text"></em>
</div>`;
  const content = hasBody
    ? `<div class="rich_media_content js_underline_content" id="js_content" style="visibility: hidden;">
${body}
</div>`
    : `<div class="share_content_page"><div id="js_image_content" class="share_media_swiper_content"></div></div>`;
  return `<!DOCTYPE html>
<html lang="zh-CN"><head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1.0,maximum-scale=1.0,user-scalable=0,viewport-fit=cover">
<title>${esc(art.title)}</title>
<meta property="og:title" content="${esc(art.title)}" />
<meta property="og:url" content="${link}" />
<meta property="og:image" content="${cover}" />
<meta property="og:description" content="${esc(art.digest)}" />
<meta property="twitter:card" content="summary" />
</head>
<body id="activity-detail" class="zh_CN wx_wap_page mm_appmsg">
${INLINED_COMPONENTS}
<div id="js_article" class="rich_media">
<div class="rich_media_inner"><div id="page-content" class="rich_media_area_primary">
${sourceCard}
${header}
${content}
${art.sourceUrl ? `<a class="original_primary_nav" id="js_view_source" href="##">阅读原文</a>` : ''}
</div></div></div>
<script type="text/javascript" nonce="${hash32(art.mid, art.msgid).toString(16)}">
    ${vars}${bar}
</script>
${cgiDataNew}
</body></html>`;
}
