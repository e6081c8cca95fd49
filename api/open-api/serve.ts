import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { M } from '../../contract/member-texts';
import type { RateDecision } from '../../core/rate-limiter';
import { maskKeyInUrl } from '../../members/api-keys';
import type { ApiDeps } from '../deps';
import { describeIssues, failWithStatus as fail, readInput } from '../envelope';
import { publicBase } from '../member-session';
import { limiterOf } from '../throttle';
import { OpenCodes, type OpenEndpoint } from './define';
import { openApiDocument } from './document';
import { OPEN_ENDPOINTS } from './endpoints';

const VERSION = '1.0.0';

/**
 * The paid open API (/fbmain/openapi/v1), authenticated by an API key (header X-Api-Key or query `key`).
 * Each call debits its cost atomically before the work; a call that finds nothing or fails is refunded.
 * The endpoints and their document come from one declaration (api/open-api/endpoints.ts).
 */
export function openApiRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m = deps.members;
  const document = openApiDocument(OPEN_ENDPOINTS, { demo: deps.demo, version: VERSION });
  const limit = { limiter: limiterOf(deps), perMinute: deps.openApiLimit?.perMinute ?? 600 };

  /** The key's calls this minute; over the limit answers 429 before anything is charged. A broken Redis lets calls through. */
  const rateLimited = async (c: Context, userId: number, key: string): Promise<Response | null> => {
    let d: RateDecision;
    try {
      d = await limit.limiter.hit(
        `openapi:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`,
        limit.perMinute,
        60_000,
      );
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, userId }, 'rate limiter unavailable: call let through');
      return null;
    }
    c.header('x-ratelimit-limit', String(limit.perMinute));
    c.header('x-ratelimit-remaining', String(d.remaining));
    if (d.allowed) return null;
    c.header('retry-after', String(d.retryAfterS));
    return fail(c, 429, OpenCodes.RATE_LIMITED, M.API_RATE_LIMITED(limit.perMinute, d.retryAfterS));
  };

  app.get('/openapi.json', (c) => c.json(document));

  // Validation messages name each field as its documentation does: '文章链接 (url)'.
  const labelsOf = (e: OpenEndpoint) => {
    const props = (z.toJSONSchema(e.input, { io: 'input', unrepresentable: 'any' }).properties ??
      {}) as Record<string, { description?: string }>;
    return Object.fromEntries(
      Object.entries(props).map(([k, v]) => [k, `${(v.description ?? k).split(/[（，(；]/)[0]} (${k})`]),
    );
  };

  const handle = (e: OpenEndpoint) => {
    const labels = labelsOf(e);
    return async (c: Context) => {
      const key = c.req.header('x-api-key') ?? c.req.query('key');
      const userId = await m.apiKeys.resolve(key);
      if (userId === null || !key) return fail(c, 401, OpenCodes.KEY_INVALID, M.API_KEY_INVALID);
      const limited = await rateLimited(c, userId, key);
      if (limited) return limited;
      const { key: _key, ...raw } = await readInput(c);
      const input = e.input.safeParse(raw);
      if (!input.success) return fail(c, 400, OpenCodes.BAD_INPUT, describeIssues(input.error, labels));
      const cost = e.cost(input.data);
      let debit: { id: number; balance: number } | null = null;
      if (cost > 0) {
        debit = await m.metering.debit(userId, e.name, cost, maskKeyInUrl(c.req.url).slice(-200));
        if (!debit) return fail(c, 402, OpenCodes.BALANCE_EMPTY, M.API_BALANCE_EMPTY);
      }
      const refund = async () => {
        if (debit) await m.metering.refund(userId, e.name, cost, debit.id);
      };
      try {
        const r = await e.run(input.data, {
          deps,
          userId,
          debitId: debit?.id ?? null,
          origin: publicBase(c, m),
        });
        if ('fail' in r) {
          await refund();
          return fail(c, r.fail.http, r.fail.code, r.fail.msg);
        }
        const back = debit && r.charged !== undefined ? cost - Math.max(0, r.charged) : 0;
        if (debit && back > 0) await m.metering.refund(userId, e.name, back, debit.id);
        const remaining = debit
          ? debit.balance + Math.max(0, back)
          : (await m.metering.balance(userId)).balance;
        return c.json({ error_code: 0, msg: 'success', data: r.data, remaining });
      } catch (err) {
        await refund();
        throw err;
      }
    };
  };

  for (const e of OPEN_ENDPOINTS) app.on(e.method.toUpperCase(), e.path, handle(e));
  return app;
}
