import * as cheerio from 'cheerio';
import { type Copyright, copyrightCode, copyrightFromPage, isFromElsewhere } from '../core/copyright';
import { type MessageKind, messageKind } from '../core/message-kind';
import { parseArticleUrl } from './article-url';
import { htmlDecode } from './html-text';
import type { JsObject, JsValue } from './js-literal';
import { at, textOf as jsText, PageScript } from './page-script';

/**
 * Parses an mp.weixin.qq.com article page. Identity and metadata come from the inline JS variables
 * (biz, mid, idx, sn, ct, nickname, user_name, alias, msg_title, msg_desc, msg_cdn_url, copyright_stat,
 * msg_source_url…), whichever page generation wrote them (double or single quotes, `"x" || ""`,
 * htmlDecode("x"), 'x'.html(false), JsDecode('x'), `"x" * 1`); the DOM (og: tags, #activity-name,
 * #js_name, #js_content, mini-program cards) fills what the script lacks. Never throws on bad HTML:
 * missing fields come back empty, and `ok` says whether the article's identity was found.
 */
export interface ParsedArticle {
  /** True when biz, msgid and idx were all found: the page identifies an article. */
  ok: boolean;
  biz: string;
  /** The platform's account id: __biz decoded (0 when biz is not a valid __biz). */
  mid: number;
  /** WeChat's `mid` (the push's message id). */
  msgid: number;
  idx: number;
  sn: string;
  /** `{msgid}_{idx}`, the article id within its account. */
  aid: string;
  title: string;
  digest: string;
  cover: string;
  author: string;
  /** Account name (公众号名称). */
  nickname: string;
  /** gh_ id. */
  user_name: string;
  /** WeChat id (微信号). */
  alias: string;
  /** Publish time, unix seconds (the page's ct); 0 when absent. */
  pubtime: number;
  /** 原创 as the platform means it (core/copyright.ts): original, reprint, share or unknown. */
  copyright: Copyright;
  /** The same as its stored code (0 unknown, 1 original, 2 reprint, 3 share), as the bus carries it. */
  copyright_stat: number;
  /** The account a reprint or share came from ("以下文章来源于…"), when the page names it. */
  source_account: string;
  /** WeChat's item_show_type (0 图文, 5 视频, 7 语音, 8 图片, 10 文本…); 0 when the page does not say. */
  item_show_type: number;
  /** The message kind, from item_show_type and the copyright (core/message-kind.ts). */
  kind: MessageKind;
  /** 阅读原文 link. */
  source_url: string;
  /** Canonical long link. */
  href: string;
  /** Body text: #js_content, or for picture/text/video/voice pages cgiDataNew's content_noencode or desc. */
  content: string;
  /** Appids of embedded mini-program cards. */
  mini_programs: string[];
  /** The same mini-programs as the page describes them, one per appid (first non-empty value of each attribute). */
  mini_program_cards: ParsedMiniProgram[];
  /**
   * Counters when the page carried them (a client session's page: `read_num` and `appmsg_bar_data`), else null.
   * A counter the page left empty (`'' * 1`) is null: absent, not zero.
   */
  counts: PageCounts | null;
}

export interface PageCounts {
  read: number | null;
  looking: number | null;
  zan: number | null;
  share: number | null;
  comment: number | null;
}

/**
 * A mini-program as an article page embeds it (<mp-miniprogram> / <mp-common-miniprogram> cards and text links):
 * data-miniprogram-appid, -nickname (its name), -avatar (its icon), -path (the page opened), -title and -imageurl
 * (the card's own title and picture, chosen per article). Attributes the page leaves out come back empty.
 */
export interface ParsedMiniProgram {
  appid: string;
  nickname: string;
  avatar: string;
  path: string;
  title: string;
  image_url: string;
}

export { htmlDecode };

function bizToMid(biz: string): number {
  try {
    const n = Number(Buffer.from(biz, 'base64').toString('utf8'));
    return Number.isSafeInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

const int = (v: string | null | undefined) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
};

/** The parts of a parsed node the parser reads (domhandler's shape, as cheerio builds it). */
interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  data?: string;
}

/** Text of a node and its descendants in document order (textContent), without recursion. */
function textOf(node: DomNode | undefined): string {
  if (!node) return '';
  let out = '';
  const stack: DomNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as DomNode;
    if (n.type === 'text') out += n.data ?? '';
    else if (n.type !== 'comment' && n.children)
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as DomNode);
  }
  return out;
}

/**
 * What the parser reads from the DOM, found in one pass in document order (the first element of each id, class
 * and meta property; every script and mini-program card). cheerio's selectors cost O(depth) per node, so a page of
 * 100,000 nested tags took minutes a query; this walk is linear whatever the nesting.
 */
/** Classes whose every element the parser reads (the 2018 meta line, the profile card), not only the first. */
const ALL_OF = new Set(['rich_media_meta_text', 'profile_meta']);

function domParts(root: DomNode) {
  const scripts: DomNode[] = [];
  const cards: DomNode[] = [];
  const ids = new Map<string, DomNode>();
  const classes = new Map<string, DomNode>();
  const every = new Map<string, DomNode[]>();
  const metas = new Map<string, string>();
  let title: DomNode | undefined;
  const stack: DomNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as DomNode;
    const a = n.attribs;
    if (a) {
      // Templates (`<script type="text/html">`) hold markup, not the page's variables.
      if (n.name === 'script') {
        if (!a.type || /^(?:text|application)\/(?:javascript|ecmascript)$|^module$/i.test(a.type.trim()))
          scripts.push(n);
      } else if (n.name === 'title') title ??= n;
      else if (n.name === 'meta' && a.property !== undefined && !metas.has(a.property))
        metas.set(a.property, a.content ?? '');
      if (a.id !== undefined && !ids.has(a.id)) ids.set(a.id, n);
      for (const c of a.class?.split(/\s+/) ?? []) {
        if (c && !classes.has(c)) classes.set(c, n);
        if (ALL_OF.has(c)) every.set(c, [...(every.get(c) ?? []), n]);
      }
      if (a['data-miniprogram-appid'] !== undefined) cards.push(n);
    }
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as DomNode);
  }
  return { scripts, cards, ids, classes, every, metas, title };
}

/**
 * Deepest element nesting a page may have. htmlparser2 keeps its stack of open elements with Array.unshift, so
 * parsing costs O(tags × depth): 100,000 unclosed tags took over 10 s (parse5 longer still), a hang for whoever
 * parses. Real article pages nest a few dozen deep.
 */
export const MAX_NESTING = 5000;

const VOID = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));

/**
 * An upper estimate of the nesting htmlparser2 will build, in one linear pass: every open tag counts (the parser
 * may close some implicitly, which only makes this larger), a close tag counts only when a tag of its name is open
 * (the parser ignores the others). Tags inside scripts and comments count too: skipping them would have to follow
 * the parser's every rule for where a script ends, and counting them only makes the estimate larger.
 */
export function nestingEstimate(html: string): number {
  const tag = /<(\/?)([a-zA-Z][^\s/<>]*)(?:[^<>"']|"[^"]*"|'[^']*')*>/g;
  const open = new Map<string, number>();
  let depth = 0;
  let max = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = (m[2] as string).toLowerCase();
    if (m[1]) {
      const n = open.get(name) ?? 0;
      if (n > 0) {
        open.set(name, n - 1);
        depth--;
      }
      continue;
    }
    // `<div/>` opens a div in HTML: only void elements stay off the stack.
    if (!VOID.has(name)) {
      open.set(name, (open.get(name) ?? 0) + 1);
      max = Math.max(max, ++depth);
    }
  }
  return max;
}

/** The script variables the parser reads; any other declaration is not even parsed. */
const NAMES = new Set([
  'biz',
  '__biz',
  'mid',
  'appmsgid',
  'idx',
  'sn',
  'ct',
  'msg_title',
  'msg_desc',
  'msg_cdn_url',
  'msg_link',
  'msg_source_url',
  'author',
  'nickname',
  'user_name',
  'alias',
  '_copyright_stat',
  'copyright_stat',
  'reprint_type',
  'item_show_type',
  'read_num',
  'appmsg_bar_data',
  'cgiDataNew',
  'cgiData',
]);

/**
 * What the page's own identity variables look like. Library code declares the same short names (`var idx = 0;`,
 * `var mid = ''`), so a declaration counts only in the page's shape.
 */
const SHAPE = {
  biz: /^[A-Za-z0-9+/]{4,}={0,2}$/,
  msgid: /^[1-9]\d{4,}$/,
  idx: /^[1-8]$/,
  sn: /^[0-9a-zA-Z]{8,}$/,
  ghId: /^gh_[0-9a-zA-Z]+$/,
  unixTime: /^\d{9,10}$/,
  smallInt: /^\d{1,3}$/,
};

/** A date as the 2018 meta line writes it (`2018-04-07`): never the author. */
const DATE_TEXT = /^\d{4}[-/年.]\d{1,2}[-/月.]\d{1,2}日?$/;

/** HTML (or plain text with entities) as text: tags dropped, entities decoded, whitespace collapsed. */
function htmlText(html: string): string {
  if (!html.includes('<')) return htmlDecode(html).replace(/\s+/g, ' ').trim();
  if (nestingEstimate(html) > MAX_NESTING) return '';
  const $ = cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
  return textOf($.root()[0] as unknown as DomNode)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A counter as UInt32 holds it, or null: absent (`'' * 1`), negative, fractional or too large. */
function counter(v: JsValue): number | null {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : null;
  return n !== null && Number.isInteger(n) && n >= 0 && n <= 4_294_967_295 ? n : null;
}

/** A small non-negative integer from a script value or text (`"2" * 1`, '8'), or null. */
function smallInt(v: JsValue): number | null {
  const t = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

export function parseArticlePage(html: string, pageUrl = ''): ParsedArticle {
  // A page nested deeper than any article is not read (see MAX_NESTING): only its address can identify it.
  if (typeof html !== 'string' || nestingEstimate(html) > MAX_NESTING) html = '';
  // htmlparser2 (xml.xmlMode false) rather than parse5: the same HTML reading, several times faster.
  const $ = cheerio.load(html, {
    xml: { xmlMode: false, decodeEntities: true },
  });
  const dom = domParts($.root()[0] as unknown as DomNode);
  const byId = (id: string) => textOf(dom.ids.get(id)).trim();
  const byClass = (c: string) => textOf(dom.classes.get(c)).trim();
  const js = new PageScript(dom.scripts.map(textOf).join('\n'), NAMES);
  // Declarations first; then the keys of the page's own data objects (current pages: cgiDataNew; older: cgiData).
  const cgi: (JsObject | null)[] = [js.obj('cgiDataNew'), js.obj('cgiData')];
  const key = (path: string) => {
    for (const o of cgi) {
      const t = jsText(at(o, path));
      if (t !== '') return t;
    }
    return '';
  };
  const keyValue = (path: string): JsValue => {
    for (const o of cgi) {
      const v = at(o, path);
      if (v !== undefined && v !== '') return v;
    }
    return undefined;
  };
  const v = (name: string, cgiKey = name) => js.text(name) || key(cgiKey);
  const meta = (prop: string) => htmlDecode(dom.metas.get(prop)?.trim() ?? '');

  // Identity: the script first, then og:url / msg_link, then the page's own URL.
  const linkIds = [js.text('msg_link'), key('link'), meta('og:url'), pageUrl]
    .map((u) => (u ? parseArticleUrl(u) : null))
    .find((l) => l?.kind === 'long');
  const fromLink = linkIds?.kind === 'long' ? linkIds : null;
  const biz =
    js.text('biz', SHAPE.biz) || js.text('__biz', SHAPE.biz) || key('bizuin') || fromLink?.biz || '';
  const msgid =
    int(js.text('mid', SHAPE.msgid) || js.text('appmsgid', SHAPE.msgid) || key('mid')) ||
    fromLink?.msgid ||
    0;
  const idx = int(js.text('idx', SHAPE.idx) || key('idx')) || fromLink?.idx || 0;
  const sn = js.text('sn', SHAPE.sn) || key('sn') || fromLink?.sn || '';

  const title =
    v('msg_title', 'title') || byId('activity-name') || meta('og:title') || textOf(dom.title).trim();
  const nickname = v('nickname', 'nick_name') || byId('js_name') || byClass('profile_nickname');
  const profileCard = profileValues(dom.every.get('profile_meta') ?? []);
  const statVar = [
    js.text('_copyright_stat', SHAPE.smallInt),
    js.text('copyright_stat', SHAPE.smallInt),
    key('copyright_info.copyright_stat'),
    key('copyright_stat'),
  ]
    .map((x) => smallInt(x))
    .find((x) => x !== null);
  const copyright = copyrightFromPage(
    statVar ?? null,
    smallInt(js.text('reprint_type') || key('copyright_info.reprint_type')),
    dom.ids.has('copyright_logo'),
  );
  const source_account = fromElsewhereName(dom, copyright, key('copyright_info.platform'));
  const item_show_type = smallInt(js.text('item_show_type', SHAPE.smallInt) || key('item_show_type'));
  const kind = messageKind(item_show_type, isFromElsewhere(copyrightCode(copyright)));
  // Picture, text, video and voice pages have no body (or only a player) in #js_content: their text is
  // cgiDataNew's content_noencode, else its desc. For those kinds the page's own text is added to what the DOM holds.
  const domText = textOf(dom.ids.get('js_content')).replace(/\s+/g, ' ').trim();
  const dataText = () => htmlText(key('content_noencode')) || htmlText(key('desc'));
  const content = !domText
    ? dataText()
    : kind === 'article' || kind === 'share'
      ? domText
      : [domText, dataText()].filter((t, i, all) => t && (i === 0 || !all[0]?.includes(t))).join(' ');
  const cards = new Map<string, ParsedMiniProgram>();
  for (const el of dom.cards) {
    const attr = (name: string) => el.attribs?.[`data-miniprogram-${name}`]?.trim() ?? '';
    const appid = attr('appid');
    if (!/^wx[0-9a-zA-Z]{6,}$/.test(appid)) continue;
    const seen = cards.get(appid);
    const card: ParsedMiniProgram = {
      appid,
      nickname: seen?.nickname || attr('nickname'),
      avatar: seen?.avatar || attr('avatar'),
      path: seen?.path || attr('path'),
      title: seen?.title || attr('title'),
      image_url: seen?.image_url || attr('imageurl'),
    };
    cards.set(appid, card);
  }
  const mini_program_cards = [...cards.values()];
  const mini_programs = mini_program_cards.map((c) => c.appid);
  const ok = biz !== '' && msgid > 0 && idx >= 1 && idx <= 8;
  const origin = (() => {
    try {
      return pageUrl ? new URL(pageUrl).origin : 'https://mp.weixin.qq.com';
    } catch {
      return 'https://mp.weixin.qq.com';
    }
  })();
  return {
    ok,
    biz,
    mid: bizToMid(biz),
    msgid,
    idx,
    sn,
    aid: ok ? `${msgid}_${idx}` : '',
    title,
    digest: v('msg_desc', 'desc') || meta('og:description'),
    cover: v('msg_cdn_url', 'cdn_url') || meta('og:image'),
    author:
      v('author') || byId('js_author_name') || metaLineAuthor(dom.every.get('rich_media_meta_text') ?? []),
    nickname,
    user_name: js.text('user_name', SHAPE.ghId) || key('user_name'),
    alias: v('alias') || profileCard.get('微信号') || '',
    pubtime: int(js.text('ct', SHAPE.unixTime)) || counter(keyValue('ori_create_time')) || 0,
    copyright,
    copyright_stat: copyrightCode(copyright),
    source_account,
    item_show_type: item_show_type ?? 0,
    kind,
    source_url: v('msg_source_url', 'source_url'),
    href: ok
      ? `${origin}/s?__biz=${encodeURIComponent(biz)}&mid=${msgid}&idx=${idx}&sn=${encodeURIComponent(sn)}`
      : '',
    content,
    mini_programs,
    mini_program_cards,
    counts: pageCounts(js),
  };
}

/**
 * The author from the meta line, for pages whose script does not name one. 2018 pages write the date and then, when
 * the article names one, the author as `<em class="rich_media_meta rich_media_meta_text">`; later pages a span of
 * that class. Elements with an id are never the author (the date `post-date` / `publish_time`, the IP location
 * `js_ip_wording_wrp`, the edit note `js_title_modify_wrp`), nor the account's name (rich_media_meta_nickname), nor
 * a date; there may be none.
 */
function metaLineAuthor(nodes: DomNode[]): string {
  for (const n of nodes) {
    if (n.name !== 'em' && n.name !== 'span') continue;
    if (n.attribs?.id !== undefined || /\brich_media_meta_nickname\b/.test(n.attribs?.class ?? '')) continue;
    const t = textOf(n).replace(/\s+/g, ' ').trim();
    if (t && !DATE_TEXT.test(t)) return t;
  }
  return '';
}

/** The profile card's label → value pairs (`<p class="profile_meta"><label>微信号</label><span>…</span>`). */
function profileValues(nodes: DomNode[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of nodes) {
    let label = '';
    let value = '';
    for (const c of p.children ?? []) {
      const cls = c.attribs?.class ?? '';
      if (/\bprofile_meta_label\b/.test(cls)) label = textOf(c).trim();
      else if (/\bprofile_meta_value\b/.test(cls)) value = textOf(c).trim();
    }
    if (label && !out.has(label)) out.set(label, value);
  }
  return out;
}

/**
 * The account a reprint or share came from: the source card's name (`.original_primary_nickname`), else the
 * "以下文章来源于X" line, else cgiDataNew's copyright_info.platform. Only for reprints and shares.
 */
function fromElsewhereName(dom: ReturnType<typeof domParts>, copyright: Copyright, platform: string): string {
  if (copyright !== 'reprint' && copyright !== 'share') return '';
  const card = textOf(dom.classes.get('original_primary_nickname')).trim();
  if (card) return card;
  const tips = textOf(dom.classes.get('original_primary_card_tips')).replace(/\s+/g, ' ');
  const m = /以下文章来源于\s*([^，,]+?)\s*(?:[，,]|$)/.exec(tips);
  return m?.[1]?.trim() || platform;
}

/**
 * Counters on a client session's page: `var read_num` and `window.appmsg_bar_data` (a JavaScript literal:
 * like_count is 在看, old_like_count 点赞, share_count, comment_count; older pages like_num / old_like_num /
 * share_num). Without a session every one is `'' * 1`: then there are no counts at all.
 */
function pageCounts(js: PageScript): PageCounts | null {
  const bar = js.obj('appmsg_bar_data');
  const field = (...names: string[]) => {
    for (const n of names) {
      const c = bar && Object.hasOwn(bar, n) ? counter(bar[n] as JsValue) : null;
      if (c !== null) return c;
    }
    return null;
  };
  const counts: PageCounts = {
    read: counter(js.text('read_num')) ?? field('read_num'),
    looking: field('like_count', 'like_num'),
    zan: field('old_like_count', 'old_like_num'),
    share: field('share_count', 'share_num'),
    comment: field('comment_count'),
  };
  return Object.values(counts).some((c) => c !== null) ? counts : null;
}
