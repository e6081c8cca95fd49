import { hash32 } from './rng';
import type { Counts, SimAccount, SimArticle, SimMiniProgram } from './world';

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** How WeChat writes values into its inline JS: HTML-escaped, with quotes and backslashes escaped. */
const js = (s: string) => esc(s).replace(/\\/g, '\\\\');

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
 * An article page shaped like mp.weixin.qq.com/s: og meta tags, the rich_media header, #js_content,
 * mini-program cards (<mp-miniprogram> / <mp-common-miniprogram> with appid, path, nickname, avatar,
 * title and imageurl), and the inline JS variables real pages carry
 * (biz/mid/idx/sn, ct, nickname, user_name, alias, msg_title, msg_desc, msg_cdn_url, copyright_stat,
 * msg_source_url…). The quoting style varies by article, as it does between WeChat page versions.
 * With a client key, the page also carries appmsg_bar_data (the counters the client shows).
 */
export function articlePage(a: SimAccount, art: SimArticle, base: string, counts: Counts | null): string {
  const style = hash32(art.mid, art.msgid, art.idx) % 3;
  const link = `${base}/s?__biz=${art.biz}&amp;mid=${art.msgid}&amp;idx=${art.idx}&amp;sn=${art.sn}&amp;chksm=${art.sn.slice(0, 16)}#rd`;
  const cover = `${base}/mmhead/${encodeURIComponent(art.biz)}/0`;
  const original = art.copyrightStat === 11;
  // Cards as the editor saves them: the program's name and icon (nickname, avatar), the page it opens, and the
  // card's own title and picture chosen for this article. Newer pages use <mp-common-miniprogram>.
  const tag = style === 2 ? 'mp-common-miniprogram' : 'mp-miniprogram';
  const cards = art.miniPrograms
    .map((m) => {
      const card = miniProgramCard(m, art);
      return `<p><${tag} class="js_uneditable custom_select_card mp_miniprogram_iframe" data-miniprogram-appid="${m.appid}" data-miniprogram-path="${esc(card.path)}" data-miniprogram-nickname="${esc(m.title)}" data-miniprogram-avatar="${esc(m.icon)}" data-miniprogram-title="${esc(card.title)}" data-miniprogram-imageurl="${esc(card.imageUrl)}" data-miniprogram-type="card" data-miniprogram-servicetype="0"></${tag}></p>`;
    })
    .join('\n');
  const body = `<p>${esc(art.digest)}</p>
<p>${esc(a.name)}持续关注${esc(a.industry.name)}领域。以下内容由内置模拟器生成，仅作演示数据。</p>
${cards}
<p style="text-align:center;"><span>— END —</span></p>`;
  // Three generations of the inline JS, as seen on real pages.
  const vars =
    style === 0
      ? `var biz = "${art.biz}" || "";
    var sn = "${art.sn}" || "";
    var mid = "${art.msgid}" || "";
    var idx = "${art.idx}" || "";
    var ct = "${art.createTime}";
    var publish_time = "${beijingDate(art.createTime)}" || "";
    var nickname = htmlDecode("${js(a.name)}");
    var user_name = "${a.ghId}";
    var alias = "${a.alias}" || "";
    var msg_title = '${js(art.title)}'.html(false);
    var msg_desc = htmlDecode("${js(art.digest)}");
    var msg_cdn_url = "${cover}";
    var msg_link = "${link}";
    var author = "${js(art.author)}";
    var copyright_stat = "${art.copyrightStat}";
    var _copyright_stat = "${art.copyrightStat}";
    var msg_source_url = '${js(art.sourceUrl)}';`
      : style === 1
        ? `var biz = '${art.biz}' || '';
    var sn = '${art.sn}' || '';
    var mid = '${art.msgid}' || '';
    var idx = '${art.idx}' || '';
    var ct = '${art.createTime}';
    var nickname = '${js(a.name)}';
    var user_name = '${a.ghId}';
    var alias = '${a.alias}';
    var msg_title = htmlDecode('${js(art.title)}');
    var msg_desc = htmlDecode('${js(art.digest)}');
    var msg_cdn_url = '${cover}';
    var msg_link = '${link}';
    var author = '${js(art.author)}';
    var copyright_stat = '${art.copyrightStat}';
    var msg_source_url = '${js(art.sourceUrl)}';`
        : `var biz = "${art.biz}";
    var sn = "${art.sn}";
    var mid = "${art.msgid}";
    var idx = "${art.idx}";
    window.cgiDataNew = { ct: "${art.createTime}" };
    var ct = "${art.createTime}" * 1;
    var nickname = htmlDecode("${js(a.name)}");
    var user_name = "${a.ghId}";
    var alias = "${a.alias}";
    var msg_title = "${js(art.title)}".html(false);
    var msg_desc = "${js(art.digest)}";
    var msg_cdn_url = "${cover}";
    var msg_link = "${link}";
    var author = "${js(art.author)}";
    var copyright_stat = "${art.copyrightStat}" * 1;
    var msg_source_url = "${js(art.sourceUrl)}";`;
  const bar = counts
    ? `\n    var appmsg_bar_data = ${JSON.stringify({
        read_num: counts.read,
        like_num: counts.looking,
        old_like_num: counts.zan,
        share_num: counts.share,
        comment_count: counts.comment,
        show: true,
      })};`
    : '';
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
<div id="js_article" class="rich_media">
<div class="rich_media_inner"><div id="page-content" class="rich_media_area_primary">
<h1 class="rich_media_title" id="activity-name">
  ${esc(art.title)}
</h1>
<div id="meta_content" class="rich_media_meta_list">
  ${original ? '<span id="copyright_logo" class="rich_media_meta icon_appmsg_tag appmsg_title_tag">原创</span>' : ''}
  ${art.author ? `<span class="rich_media_meta rich_media_meta_text">${esc(art.author)}</span>` : ''}
  <span class="rich_media_meta rich_media_meta_nickname" id="profileBt"><a href="javascript:void(0);" id="js_name">
    ${esc(a.name)}
  </a></span>
  <em id="publish_time" class="rich_media_meta rich_media_meta_text"></em>
</div>
<div class="rich_media_content js_underline_content" id="js_content" style="visibility: hidden;">
${body}
</div>
${art.sourceUrl ? `<a class="original_primary_nav" id="js_view_source" href="##">阅读原文</a>` : ''}
</div></div></div>
<script type="text/javascript" nonce="${hash32(art.mid, art.msgid).toString(16)}">
    ${vars}${bar}
</script>
</body></html>`;
}
