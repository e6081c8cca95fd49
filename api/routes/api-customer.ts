import { Hono } from 'hono';
import { z } from 'zod';
import { M } from '../../members/messages';
import type { LedgerRow } from '../../members/metering';
import { API_COSTS, PACKAGES } from '../../members/pricing';
import { optionalText } from '../../members/validation';
import { xlsx } from '../../members/xlsx';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { isCalendarDay } from '../inputs';
import { parseForm, requireMember } from '../member-session';
import { OPEN_API_BASE } from '../open-api/document';
import { OPEN_ENDPOINTS } from '../open-api/endpoints';
import { orderCalls, orderView, packageView, pagingInput } from './orders';
import { alipayCallback } from './pay';

// A real day: the ledger filter casts it to a PostgreSQL date, which refuses 2026-13-45 and 2026-02-30.
const date = optionalText(10).pipe(
  z.union([
    z.literal(''),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-mm-dd')
      .refine(isCalendarDay, '不是有效日期'),
  ]),
);
const recordsInput = pagingInput.extend({ start_time: date, end_time: date });
const KIND_NAMES: Record<LedgerRow['kind'], string> = {
  call: '调用',
  refund: '退还',
  recharge: '充值',
  trial: '试用赠送',
  forfeit: '注销作废',
};

/** One CSV cell: quoted, quotes doubled, and formula-leading characters defused for spreadsheets. */
const cell = (v: unknown) => {
  const s = String(v ?? '');
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
};

/** API customers' self-service under /fbmain/api/v1 (spec §7 API). */
export function apiCustomerRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const m = deps.members;

  app.get('/api_pricing', (c) =>
    ok(c, {
      packages: PACKAGES.filter((p) => p.kind === 'api').map(packageView),
      costs: API_COSTS,
      // What each open-API endpoint costs, as its documentation says it (api/open-api/endpoints.ts).
      endpoints: OPEN_ENDPOINTS.map((e) => ({
        name: e.name,
        method: e.method.toUpperCase(),
        path: `${OPEN_API_BASE}${e.path}`,
        summary: e.summary,
        cost_note: e.costNote,
      })),
      docs: '/main/appsearch/APIAssemble',
      openapi: `${OPEN_API_BASE}/openapi.json`,
      trial_quota_note: '新用户注册即赠送免费试用次数',
    }),
  );

  orderCalls(
    app,
    deps,
    { create: 'api_create_order', info: 'api_pay_info', status: 'api_check_order_status' },
    'api',
  );
  // The spec's API page names its own callback; it is the same verified, idempotent Alipay notification.
  app.post('/api_pay_callback', alipayCallback(deps));

  app.get('/api_usage', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const [b, usage] = await Promise.all([
      m.metering.balance(me.id),
      m.metering.usage(me.id, input.data.days),
    ]);
    return ok(c, {
      balance: b.balance,
      trial_quota: b.trial,
      total_calls: usage.reduce((s, u) => s + u.calls, 0),
      daily: usage,
    });
  });

  const recordQuery = (q: z.output<typeof recordsInput>, userId: number) =>
    m.metering.records(userId, ['call', 'refund'], {
      page: q.page,
      num: q.num,
      start: q.start_time || undefined,
      end: q.end_time || undefined,
    });

  app.get('/api_records', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, recordsInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    return ok(c, await recordQuery(input.data, me.id));
  });

  app.get('/export_api_records', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      recordsInput.extend({
        num: z.coerce.number().int().min(1).max(50_000).default(10_000),
        format: z.enum(['csv', 'xlsx'], { message: '格式只能是 csv 或 xlsx' }).default('csv'),
      }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const { rows } = await recordQuery({ ...input.data, page: 1 }, me.id);
    const header = ['时间', '类型', '接口', '次数变化', '剩余次数', '备注'];
    const table = rows.map((r) => [
      r.created_at,
      KIND_NAMES[r.kind],
      r.endpoint,
      r.amount,
      r.balance_after,
      r.ref,
    ]);
    const filename = (ext: string) =>
      `attachment; filename="api_records.${ext}"; filename*=UTF-8''${encodeURIComponent(`API消费记录.${ext}`)}`;
    if (input.data.format === 'xlsx') {
      const file = await xlsx('API消费记录', [header, ...table]);
      return c.body(new Uint8Array(file), 200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': filename('xlsx'),
      });
    }
    const lines = [header, ...table].map((row) => row.map(cell).join(','));
    // The BOM makes Excel read the file as UTF-8.
    return c.body(`\uFEFF${lines.join('\r\n')}\r\n`, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': filename('csv'),
    });
  });

  app.get('/api_recharge_record', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, pagingInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const { total, rows } = await m.orders.list(me.id, 'api', input.data.page, input.data.num);
    return ok(c, { total, list: rows.map(orderView) });
  });

  app.get('/api_keys', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    return ok(c, await m.apiKeys.list(me.id));
  });
  app.post('/api_keys', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ name: optionalText(32) }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const r = await m.apiKeys.create(me.id, input.data.name);
    if (!r) return fail(c, 400, Codes.BAD_INPUT, '最多同时保留 5 个有效密钥');
    // The key itself is shown this once; only its hash is kept.
    return c.json({ error_code: 0, msg: M.CREATED, data: { ...r.row, key: r.key } });
  });
  app.delete('/api_keys', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ id: z.coerce.number().int().positive('密钥ID无效') }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    return (await m.apiKeys.revoke(me.id, input.data.id))
      ? c.json({ error_code: 0, msg: M.DELETED })
      : fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
  });

  return app;
}
