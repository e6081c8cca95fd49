import * as cheerio from 'cheerio';
import { parseArticleUrl } from './article-url';

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
  /** 11 = original (原创); 0 / 101 / others = not original (reposts). */
  copyright_stat: number;
  /** 阅读原文 link. */
  source_url: string;
  /** Canonical long link. */
  href: string;
  /** Body text of #js_content. */
  content: string;
  /** Appids of embedded mini-program cards. */
  mini_programs: string[];
  /** The same mini-programs as the page describes them, one per appid (first non-empty value of each attribute). */
  mini_program_cards: ParsedMiniProgram[];
  /** Counters when the page carried them (a client session's page), else null. */
  counts: { read: number; looking: number; zan: number; share: number; comment: number } | null;
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

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
};

/** WeChat's htmlDecode: named and numeric entities. */
export function htmlDecode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Reads a JS string literal starting at s[i] (a quote); returns its value and the index after it. */
function readJsString(s: string, i: number): { value: string; end: number } | null {
  const q = s[i];
  if (q !== '"' && q !== "'" && q !== '`') return null;
  let out = '';
  for (let j = i + 1; j < s.length; j++) {
    const ch = s[j] as string;
    if (ch === q) return { value: out, end: j + 1 };
    if (ch === '\n' && q !== '`') return null;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const n = s[++j];
    if (n === undefined) return null;
    if (n === 'x' && /^[0-9a-fA-F]{2}$/.test(s.slice(j + 1, j + 3))) {
      out += String.fromCharCode(Number.parseInt(s.slice(j + 1, j + 3), 16));
      j += 2;
    } else if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(j + 1, j + 5))) {
      out += String.fromCharCode(Number.parseInt(s.slice(j + 1, j + 5), 16));
      j += 4;
    } else out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'r' ? '' : n;
  }
  return null;
}

/**
 * The value of `var NAME = …` / `window.NAME = …` / `NAME: …` in the page's scripts: the first string
 * literal of the expression, unwrapped from htmlDecode()/JsDecode(), entity-decoded.
 */
function jsVar(script: string, name: string): string | null {
  const re = new RegExp(`(?:\\bvar\\s+|window\\.|[{,]\\s*)${name}\\s*[=:]\\s*`, 'g');
  for (let m = re.exec(script); m; m = re.exec(script)) {
    let i = m.index + m[0].length;
    const wrap = /^(?:htmlDecode|JsDecode|decodeURIComponent)\s*\(\s*/.exec(script.slice(i, i + 40));
    if (wrap) i += wrap[0].length;
    let lit = readJsString(script, i);
    // `'' || '2650…' || ""`: the first non-empty literal of an || chain.
    while (lit && lit.value === '') {
      const or = /^\s*\|\|\s*/.exec(script.slice(lit.end, lit.end + 20));
      const next = or ? readJsString(script, lit.end + or[0].length) : null;
      if (!next) break;
      lit = next;
    }
    if (lit) return htmlDecode(lit.value);
    // A bare number (`var ct = 1700000000;`).
    const num = /^\d+/.exec(script.slice(i, i + 20));
    if (num) return num[0];
  }
  return null;
}

function jsObject(script: string, name: string): Record<string, unknown> | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*\\{`).exec(script);
  if (!m) return null;
  const start = m.index + m[0].length - 1;
  const end = script.indexOf('}', start);
  if (end < 0) return null;
  try {
    const v = JSON.parse(script.slice(start, end + 1)) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

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
function domParts(root: DomNode) {
  const scripts: DomNode[] = [];
  const cards: DomNode[] = [];
  const ids = new Map<string, DomNode>();
  const classes = new Map<string, DomNode>();
  const metas = new Map<string, string>();
  let title: DomNode | undefined;
  const stack: DomNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as DomNode;
    const a = n.attribs;
    if (a) {
      if (n.name === 'script') scripts.push(n);
      else if (n.name === 'title') title ??= n;
      else if (n.name === 'meta' && a.property !== undefined && !metas.has(a.property))
        metas.set(a.property, a.content ?? '');
      if (a.id !== undefined && !ids.has(a.id)) ids.set(a.id, n);
      for (const c of a.class?.split(/\s+/) ?? []) if (c && !classes.has(c)) classes.set(c, n);
      if (a['data-miniprogram-appid'] !== undefined) cards.push(n);
    }
    if (n.children) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as DomNode);
  }
  return { scripts, cards, ids, classes, metas, title };
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
  const script = dom.scripts.map(textOf).join('\n');
  const v = (name: string) => jsVar(script, name);
  const meta = (prop: string) => dom.metas.get(prop)?.trim() ?? '';

  // Identity: the script first, then og:url / msg_link, then the page's own URL.
  const linkIds = [v('msg_link'), meta('og:url'), pageUrl]
    .map((u) => (u ? parseArticleUrl(u) : null))
    .find((l) => l?.kind === 'long');
  const fromLink = linkIds?.kind === 'long' ? linkIds : null;
  const biz = v('biz') || v('__biz') || fromLink?.biz || '';
  const msgid = int(v('mid') || v('appmsgid')) || fromLink?.msgid || 0;
  const idx = int(v('idx')) || fromLink?.idx || 0;
  const sn = v('sn') || fromLink?.sn || '';

  const title = v('msg_title') || byId('activity-name') || meta('og:title') || textOf(dom.title).trim();
  const nickname = v('nickname') || byId('js_name') || byClass('profile_nickname');
  const copyrightRaw = v('_copyright_stat') || v('copyright_stat');
  const copyright_stat =
    copyrightRaw !== null && copyrightRaw !== '' ? int(copyrightRaw) : dom.ids.has('copyright_logo') ? 11 : 0;
  const content = textOf(dom.ids.get('js_content')).replace(/\s+/g, ' ').trim();
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
  const bar = jsObject(script, 'appmsg_bar_data');
  // A counter is a non-negative integer as UInt32 holds it; anything else (-1, 1.5, 1e300) reads as absent (0).
  const num = (x: unknown) => {
    const n = typeof x === 'number' ? x : int(typeof x === 'string' ? x : null);
    return Number.isInteger(n) && n >= 0 && n <= 4_294_967_295 ? n : 0;
  };
  const counts = bar
    ? {
        read: num(bar.read_num),
        looking: num(bar.like_num),
        zan: num(bar.old_like_num),
        share: num(bar.share_num),
        comment: num(bar.comment_count),
      }
    : null;
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
    digest: v('msg_desc') || meta('og:description'),
    cover: v('msg_cdn_url') || meta('og:image'),
    author: v('author') || byId('js_author_name') || byClass('rich_media_meta_text'),
    nickname,
    user_name: v('user_name') || '',
    alias: v('alias') || '',
    pubtime: int(v('ct')),
    copyright_stat,
    source_url: v('msg_source_url') || '',
    href: ok
      ? `${origin}/s?__biz=${encodeURIComponent(biz)}&mid=${msgid}&idx=${idx}&sn=${encodeURIComponent(sn)}`
      : '',
    content,
    mini_programs,
    mini_program_cards,
    counts,
  };
}
