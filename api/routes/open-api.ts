import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { M } from '../../members/messages';
import type { ApiDeps } from '../deps';
import { describeIssues, fail, readInput } from '../envelope';
import { OpenCodes, type OpenEndpoint } from '../open-api/define';
import { openApiDocument } from '../open-api/document';
import { OPEN_ENDPOINTS } from '../open-api/endpoints';

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
      const userId = await m.apiKeys.resolve(c.req.header('x-api-key') ?? c.req.query('key'));
      if (userId === null) return fail(c, 401, OpenCodes.KEY_INVALID, M.API_KEY_INVALID);
      const { key: _key, ...raw } = await readInput(c);
      const input = e.input.safeParse(raw);
      if (!input.success) return fail(c, 400, OpenCodes.BAD_INPUT, describeIssues(input.error, labels));
      const cost = e.cost(input.data);
      let debit: { id: number; balance: number } | null = null;
      if (cost > 0) {
        debit = await m.metering.debit(userId, e.name, cost, c.req.url.slice(-200));
        if (!debit) return fail(c, 402, OpenCodes.BALANCE_EMPTY, M.API_BALANCE_EMPTY);
      }
      const refund = async () => {
        if (debit) await m.metering.refund(userId, e.name, cost, debit.id);
      };
      try {
        const r = await e.run(input.data, { deps, userId, debitId: debit?.id ?? null });
        if ('fail' in r) {
          await refund();
          return fail(c, r.fail.http, r.fail.code, r.fail.msg);
        }
        const remaining = debit ? debit.balance : (await m.metering.balance(userId)).balance;
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
