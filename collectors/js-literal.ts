/**
 * A tolerant reader of the JavaScript literals WeChat writes into article pages, without eval:
 * `{ like_count: '3' * 1, title: JsDecode('a\x0ab'), list: [ … ], fn: function () { … } }`.
 *
 * Why our own reader rather than a JavaScript parser (acorn, measured on the real pages, see docs/collectors.md):
 * a parser must read a whole script to give any of it, so one syntax error (templating leftovers such as
 * `'$user_info.appmsg_bar_data.DATA$'`, a cut page) loses every variable of that script, and it builds a syntax tree
 * for 3–4 MB of library code the platform never reads. This reader starts at the one declaration it is asked
 * about, reads the value's literal parts (strings with every JS escape, numbers, true/false/null, objects, arrays,
 * `JsDecode(…)`, `htmlDecode(…)`, `'x'.html(false)`, `'x' * 1`, `a || b`) and skips what it cannot read (functions,
 * identifiers, ternaries) to the next `,` or closing bracket at the same depth, leaving that value absent.
 *
 * Bounded: it never backtracks, containers nest at most MAX_DEPTH deep, and every character it looks at is charged
 * to a budget shared by one page's reads, so a hostile page costs linear time whatever it holds.
 */
export type JsValue = string | number | boolean | null | undefined | JsValue[] | JsObject;
export interface JsObject {
  [key: string]: JsValue;
}

const MAX_DEPTH = 64;

/** Thrown inside the reader when the budget is spent; callers see an absent value. */
class BudgetSpent extends Error {}

/** Character budget shared by the reads of one page (several times its length: enough for every wanted value). */
export class ReadBudget {
  constructor(public left: number) {}
  charge(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new BudgetSpent();
  }
}

const isIdStart = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isIdPart = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** An expression the reader could not read: the value is absent, and the caller skips to its end. */
const UNREADABLE = Symbol('unreadable');
type Read = JsValue | typeof UNREADABLE;

/** JavaScript's truthiness, with absent values (unreadable, `'' * 1`) falsy. */
const truthy = (v: JsValue) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== false;

class Reader {
  constructor(
    private readonly s: string,
    public i: number,
    private readonly budget: ReadBudget,
  ) {}

  private code(at = this.i): number {
    return this.s.charCodeAt(at);
  }

  /** Skips whitespace and comments. */
  private ws(): void {
    const s = this.s;
    const start = this.i;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0xfeff) this.i++;
      else if (c === 47 && s.charCodeAt(this.i + 1) === 47) {
        const nl = s.indexOf('\n', this.i);
        this.i = nl < 0 ? s.length : nl + 1;
      } else if (c === 47 && s.charCodeAt(this.i + 1) === 42) {
        const end = s.indexOf('*/', this.i + 2);
        this.i = end < 0 ? s.length : end + 2;
      } else break;
    }
    this.budget.charge(this.i - start + 1);
  }

  /** A quoted string with JavaScript's escapes decoded; null when unterminated. */
  string(): string | null {
    const s = this.s;
    const q = s[this.i];
    const start = this.i;
    let out = '';
    let j = this.i + 1;
    let run = j;
    for (; j < s.length; j++) {
      const ch = s[j];
      if (ch === q) {
        out += s.slice(run, j);
        this.budget.charge(j - start + 1);
        this.i = j + 1;
        return out;
      }
      if ((ch === '\n' || ch === '\r') && q !== '`') break;
      if (ch !== '\\') continue;
      out += s.slice(run, j);
      const n = s[++j];
      if (n === undefined) break;
      if (n === 'x') {
        const h = s.slice(j + 1, j + 3);
        if (/^[0-9a-fA-F]{2}$/.test(h)) {
          out += String.fromCharCode(Number.parseInt(h, 16));
          j += 2;
        } else out += 'x';
      } else if (n === 'u') {
        const brace = s[j + 1] === '{' ? s.indexOf('}', j + 2) : -1;
        const hex = brace > 0 && brace - j < 10 ? s.slice(j + 2, brace) : s.slice(j + 1, j + 5);
        const cp = /^[0-9a-fA-F]{1,6}$/.test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
        if (brace > 0 && brace - j < 10 && cp <= 0x10ffff) {
          out += String.fromCodePoint(cp);
          j = brace;
        } else if (brace < 0 && hex.length === 4 && Number.isFinite(cp)) {
          out += String.fromCharCode(cp);
          j += 4;
        } else out += 'u';
      } else if (n === '\r' || n === '\n') {
        // A line continuation: nothing (\r\n counts as one line end).
        if (n === '\r' && s[j + 1] === '\n') j++;
      } else
        out +=
          n === 'n'
            ? '\n'
            : n === 't'
              ? '\t'
              : n === 'r'
                ? '\r'
                : n === 'b'
                  ? '\b'
                  : n === 'f'
                    ? '\f'
                    : n === 'v'
                      ? '\v'
                      : n === '0'
                        ? '\0'
                        : n;
      run = j + 1;
    }
    this.budget.charge(j - start + 1);
    this.i = j;
    return null;
  }

  private identifier(): string {
    const start = this.i;
    while (this.i < this.s.length && isIdPart(this.code())) this.i++;
    this.budget.charge(this.i - start);
    return this.s.slice(start, this.i);
  }

  private number(): number | typeof UNREADABLE {
    const m = /^-?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(
      this.s.slice(this.i, this.i + 40),
    );
    if (!m) return UNREADABLE;
    this.i += m[0].length;
    this.budget.charge(m[0].length);
    const n = Number(m[0]);
    return Number.isFinite(n) ? n : UNREADABLE;
  }

  /**
   * Skips the rest of an expression it cannot read: to the `,` `;` or closing bracket at this depth, through
   * strings, comments and nested brackets. Iterative, so depth costs nothing.
   */
  skip(): void {
    const s = this.s;
    let depth = 0;
    const start = this.i;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 34 || c === 39 || c === 96) {
        if (this.string() === null) this.i++;
        continue;
      }
      if (c === 47 && (s.charCodeAt(this.i + 1) === 47 || s.charCodeAt(this.i + 1) === 42)) {
        this.ws();
        continue;
      }
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        if (depth === 0) break;
        depth--;
      } else if ((c === 44 || c === 59) && depth === 0) break;
      this.i++;
      if ((this.i - start) % 4096 === 0) this.budget.charge(4096);
    }
    this.budget.charge((this.i - start) % 4096);
  }

  /** An expression: `or` chains of terms; UNREADABLE when it holds anything beyond the literal forms. */
  expression(depth: number): Read {
    let v = this.term(depth);
    for (;;) {
      this.ws();
      if (this.s.startsWith('||', this.i)) {
        this.i += 2;
        const next = this.term(depth);
        if (v === UNREADABLE) return UNREADABLE;
        if (next === UNREADABLE) {
          // `'17…' * 1 || parseInt(Date.now() / 1000, 10)`: what follows a truthy value is never evaluated.
          if (!truthy(v)) return UNREADABLE;
          this.skip();
          return v;
        }
        if (!truthy(v)) v = next;
        continue;
      }
      break;
    }
    return v;
  }

  /** A primary with its postfix forms (`.html(false)`) and a trailing `* 1` (WeChat's number conversion). */
  private term(depth: number): Read {
    let v = this.primary(depth);
    if (v === UNREADABLE) return v;
    for (;;) {
      this.ws();
      const c = this.code();
      if (c === 46 && /^\.html\(\s*(?:false|true)?\s*\)/.test(this.s.slice(this.i, this.i + 20))) {
        this.i = this.s.indexOf(')', this.i) + 1;
        continue;
      }
      if (c === 42 && this.s.charCodeAt(this.i + 1) !== 42) {
        this.i++;
        this.ws();
        const factor = this.number();
        if (factor === UNREADABLE) return UNREADABLE;
        // `'' * 1` is 0 in JavaScript, but on WeChat's pages it means "no value written": absent.
        const base: number = typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : Number(v);
        v = Number.isFinite(base) && v !== undefined && v !== null ? base * factor : undefined;
        continue;
      }
      break;
    }
    return v;
  }

  private primary(depth: number): Read {
    this.ws();
    const c = this.code();
    if (c === 34 || c === 39 || c === 96) {
      const str = this.string();
      // A template with substitutions is code, not a literal.
      return str === null || (c === 96 && str.includes('${')) ? UNREADABLE : str;
    }
    if (isDigit(c) || c === 45 || c === 46) return this.number();
    if (c === 123) return this.object(depth + 1);
    if (c === 91) return this.array(depth + 1);
    if (c === 40) {
      this.i++;
      const v = this.expression(depth + 1);
      this.ws();
      if (this.code() !== 41) return UNREADABLE;
      this.i++;
      return v;
    }
    if (isIdStart(c)) {
      const id = this.identifier();
      if (id === 'true') return true;
      if (id === 'false') return false;
      if (id === 'null') return null;
      if (id === 'undefined') return undefined;
      if (id === 'JsDecode' || id === 'htmlDecode' || id === 'decodeURIComponent') {
        this.ws();
        if (this.code() !== 40) return UNREADABLE;
        this.i++;
        const v = this.expression(depth + 1);
        this.ws();
        if (this.code() !== 41 || (typeof v !== 'string' && v !== UNREADABLE)) return UNREADABLE;
        this.i++;
        if (id === 'decodeURIComponent' && typeof v === 'string') {
          try {
            return decodeURIComponent(v);
          } catch {
            return v;
          }
        }
        return v;
      }
      return UNREADABLE;
    }
    return UNREADABLE;
  }

  private object(depth: number): Read {
    if (depth > MAX_DEPTH) return UNREADABLE;
    this.i++;
    // A null prototype: a key named __proto__ is only a key.
    const out: JsObject = Object.create(null) as JsObject;
    for (;;) {
      this.ws();
      const c = this.code();
      if (Number.isNaN(c)) return UNREADABLE;
      if (c === 125) {
        this.i++;
        return out;
      }
      if (c === 44) {
        this.i++;
        continue;
      }
      let key: string | null = null;
      if (c === 34 || c === 39) key = this.string();
      else if (isIdStart(c)) key = this.identifier();
      else if (isDigit(c)) {
        const n = this.number();
        key = n === UNREADABLE ? null : String(n);
      }
      this.ws();
      if (key === null || this.code() !== 58) {
        // Methods, shorthand, spreads, getters: not data; skip the property.
        this.skip();
        if (this.code() !== 44 && this.code() !== 125) return UNREADABLE;
        continue;
      }
      this.i++;
      const v = this.expression(depth);
      this.ws();
      const end = this.code();
      if (v === UNREADABLE || (end !== 44 && end !== 125)) {
        this.skip();
        const after = this.code();
        if (after !== 44 && after !== 125) return UNREADABLE;
        out[key] = undefined;
        continue;
      }
      out[key] = v;
    }
  }

  private array(depth: number): Read {
    if (depth > MAX_DEPTH) return UNREADABLE;
    this.i++;
    const out: JsValue[] = [];
    for (;;) {
      this.ws();
      const c = this.code();
      if (Number.isNaN(c)) return UNREADABLE;
      if (c === 93) {
        this.i++;
        return out;
      }
      if (c === 44) {
        this.i++;
        continue;
      }
      const v = this.expression(depth);
      this.ws();
      const end = this.code();
      if (v === UNREADABLE || (end !== 44 && end !== 93)) {
        this.skip();
        const after = this.code();
        if (after !== 44 && after !== 93) return UNREADABLE;
        out.push(undefined);
        continue;
      }
      out.push(v);
    }
  }
}

/**
 * The value of the JavaScript expression starting at `src[start]`, or undefined when it is not one of the literal
 * forms (see the module comment). Never throws; charges `budget` (a fresh one sized for `src` when not given).
 */
export function readJsLiteral(
  src: string,
  start = 0,
  budget: ReadBudget = new ReadBudget(4 * src.length + 1024),
): JsValue {
  try {
    const r = new Reader(src, start, budget);
    const v = r.expression(0);
    return v === UNREADABLE ? undefined : v;
  } catch (e) {
    if (e instanceof BudgetSpent || e instanceof RangeError) return undefined;
    throw e;
  }
}
