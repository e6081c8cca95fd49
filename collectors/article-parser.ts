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

export function parseArticlePage(html: string, pageUrl = ''): ParsedArticle {
  // htmlparser2 (xml.xmlMode false) rather than parse5: the same HTML reading, several times faster.
  const $ = cheerio.load(typeof html === 'string' ? html : '', {
    xml: { xmlMode: false, decodeEntities: true },
  });
  const script = $('script')
    .map((_, el) => $(el).text())
    .get()
    .join('\n');
  const v = (name: string) => jsVar(script, name);
  const meta = (prop: string) => $(`meta[property="${prop}"]`).attr('content')?.trim() ?? '';

  // Identity: the script first, then og:url / msg_link, then the page's own URL.
  const linkIds = [v('msg_link'), meta('og:url'), pageUrl]
    .map((u) => (u ? parseArticleUrl(u) : null))
    .find((l) => l?.kind === 'long');
  const fromLink = linkIds?.kind === 'long' ? linkIds : null;
  const biz = v('biz') || v('__biz') || fromLink?.biz || '';
  const msgid = int(v('mid') || v('appmsgid')) || fromLink?.msgid || 0;
  const idx = int(v('idx')) || fromLink?.idx || 0;
  const sn = v('sn') || fromLink?.sn || '';

  const title =
    v('msg_title') || $('#activity-name').text().trim() || meta('og:title') || $('title').text().trim();
  const nickname =
    v('nickname') || $('#js_name').text().trim() || $('.profile_nickname').first().text().trim();
  const copyrightRaw = v('_copyright_stat') || v('copyright_stat');
  const copyright_stat =
    copyrightRaw !== null && copyrightRaw !== ''
      ? int(copyrightRaw)
      : $('#copyright_logo').length > 0
        ? 11
        : 0;
  const content = $('#js_content').text().replace(/\s+/g, ' ').trim();
  const cards = new Map<string, ParsedMiniProgram>();
  $('[data-miniprogram-appid]').each((_, el) => {
    const attr = (name: string) => $(el).attr(`data-miniprogram-${name}`)?.trim() ?? '';
    const appid = attr('appid');
    if (!/^wx[0-9a-zA-Z]{6,}$/.test(appid)) return;
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
  });
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
    author:
      v('author') || $('#js_author_name').text().trim() || $('.rich_media_meta_text').first().text().trim(),
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
