import type { Context, MiddlewareHandler } from 'hono';
import { Codes, fail, failWithStatus } from './envelope';

/** What the HTTP surface is told about its own deployment. */
export interface HttpPolicy {
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /** The site is served over HTTPS (PUBLIC_URL is https://): browsers are told to keep to it (HSTS). */
  https: boolean;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = { corsOrigins: [], https: false };

/**
 * The dashboard's policy: scripts only from our own bundle, so script injected through an article's text
 * or a crafted field cannot run; antd writes its styles at run time, hence inline styles; pictures come
 * through our image proxy or as data:/blob: URLs (QR codes, exports). No framing: the cashier and login
 * pages must not be clickjacked.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https://openapi.alipay.com https://openapi-sandbox.dl.alipaydev.com",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer, whatever route (or none) produced it. */
export function securityHeaders(policy: HttpPolicy): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('x-content-type-options', 'nosniff');
    h.set('referrer-policy', 'same-origin');
    h.set('x-frame-options', 'DENY');
    h.set('cross-origin-opener-policy', 'same-origin');
    h.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // A route that set its own (the image proxy's sandbox for SVGs) keeps it.
    if (!h.has('content-security-policy'))
      h.set(
        'content-security-policy',
        (h.get('content-type') ?? '').startsWith('text/html')
          ? DASHBOARD_CSP
          : "default-src 'none'; frame-ancestors 'none'",
      );
    if (policy.https) h.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
}

/**
 * CORS for the configured origins only. Other origins get no Access-Control-* header at all, so a browser
 * keeps their pages from reading our answers; a preflight from them is answered 403.
 */
export function corsForConfiguredOrigins(policy: HttpPolicy): MiddlewareHandler {
  const allowed = new Set(policy.corsOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const granted = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && origin !== undefined && c.req.header('access-control-request-method')) {
      // A preflight's answer is read by the browser by its status, never by a client: it keeps its 403.
      if (!granted) return failWithStatus(c, 403, Codes.FORBIDDEN, '该来源不允许跨域访问');
      return c.body(null, 204, {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        'access-control-allow-headers': 'accessToken, content-type, x-api-key, x-request-id',
        'access-control-max-age': '600',
        vary: 'Origin',
      });
    }
    await next();
    if (granted) {
      c.res.headers.set('access-control-allow-origin', origin);
      c.res.headers.set('access-control-allow-credentials', 'true');
      c.res.headers.set(
        'access-control-expose-headers',
        'x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining',
      );
      c.res.headers.append('vary', 'Origin');
    }
  };
}

/** Deepest nesting a JSON body may have: no call of ours takes more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** Nesting depth of a JSON text, counted without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return max;
}

/** Refuses a deeply nested JSON body before any handler parses it. */
export function jsonDepthGuard(maxDepth = MAX_JSON_DEPTH): MiddlewareHandler {
  return async (c: Context, next) => {
    if ((c.req.header('content-type') ?? '').includes('json') && c.req.method !== 'GET') {
      // Hono keeps the text, so handlers read the same body again.
      const text = await c.req.text().catch(() => '');
      if (jsonDepth(text) > maxDepth)
        return fail(c, 400, Codes.BAD_INPUT, `参数错误：请求体 JSON 嵌套超过 ${maxDepth} 层`);
    }
    await next();
  };
}
