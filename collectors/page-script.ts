import { htmlDecode } from './html-text';
import { type JsObject, type JsValue, ReadBudget, readJsLiteral } from './js-literal';

/**
 * What an article page's scripts declare, read once: `var NAME = …`, `let/const NAME = …` and `window.NAME = …`
 * for the names the parser asks for. Only declarations count: WeChat inlines component and ad code before the
 * page's own variables, whose object keys (`nickname: "data-miniprogram-nickname"`, `biz_info: { user_name: … }`)
 * share the names. Keys are read only inside the object they belong to (`cgiDataNew`, `cgiData`), via `obj()`.
 */
export class PageScript {
  private readonly decls = new Map<string, JsValue[]>();

  constructor(script: string, names: ReadonlySet<string>) {
    // One budget for the page: every value read is charged, so the whole read stays linear in the page's size.
    const budget = new ReadBudget(6 * script.length + 65_536);
    const decl =
      /\b(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=(?![=>])|\bwindow\.([A-Za-z_$][\w$]*)\s*=(?![=>])/g;
    for (let m = decl.exec(script); m; m = decl.exec(script)) {
      const name = (m[1] ?? m[2]) as string;
      if (!names.has(name)) continue;
      const seen = this.decls.get(name) ?? [];
      // A name declared over and over (hostile input) is read a few times, not each time.
      if (seen.length >= 8) continue;
      seen.push(readJsLiteral(script, decl.lastIndex, budget));
      this.decls.set(name, seen);
    }
  }

  /**
   * The first declared value of NAME that says something (a non-empty string, a number), as text; with `shape`,
   * the first that has it — library code declares short names too (`var idx = 0;`), before or after the page's.
   */
  text(name: string, shape?: RegExp): string {
    for (const v of this.decls.get(name) ?? []) {
      const t = textOf(v);
      if (t !== '' && (!shape || shape.test(t))) return t;
    }
    return '';
  }

  /** The first declared object of NAME (`window.cgiDataNew = {…}`), or null. */
  obj(name: string): JsObject | null {
    for (const v of this.decls.get(name) ?? []) if (isObject(v)) return v;
    return null;
  }
}

export const isObject = (v: JsValue): v is JsObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A value as text: strings with HTML entities decoded (WeChat writes values HTML-escaped and then JS-escaped,
 * `\x26quot;`), numbers in decimal; anything else (absent, objects) empty.
 */
export function textOf(v: JsValue): string {
  if (typeof v === 'string') return htmlDecode(v).trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

/** The value at a dotted path inside an object (`copyright_info.copyright_stat`). */
export function at(o: JsObject | null, path: string): JsValue {
  let v: JsValue = o ?? undefined;
  for (const k of path.split('.')) {
    if (!isObject(v)) return undefined;
    v = Object.hasOwn(v, k) ? v[k] : undefined;
  }
  return v;
}
