import { Hono } from 'hono';
import { z } from 'zod';
import {
  DEMAND_LIMITS,
  DEMAND_SERVICE_KEYS,
  DEMAND_SERVICES,
  DEMAND_STATUS_KEYS,
  DEMAND_STATUSES,
  DemandMessages,
  type DemandService,
  type DemandStatus,
} from '../../members/demand-services';
import { M } from '../../members/messages';
import { optionalText, phone } from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { parseForm, requireAdmin } from '../member-session';
import { publicWriteLimit } from '../throttle';
import { pagingInput } from './orders';

const text = (max: number, emptyMsg: string | null, longMsg: string) => {
  const base = optionalText(10_000).pipe(z.string().max(max, longMsg));
  return emptyMsg ? base.pipe(z.string().min(1, emptyMsg)) : base;
};

const serviceField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim()),
  z.union([z.literal(''), z.enum(DEMAND_SERVICE_KEYS)], { message: DemandMessages.SERVICE_INVALID }),
);
const statusField = z.enum(DEMAND_STATUS_KEYS, { message: DemandMessages.STATUS_INVALID });

const demandInput = z.object({
  name: text(DEMAND_LIMITS.name, DemandMessages.NAME_EMPTY, DemandMessages.NAME_LONG),
  phone,
  content: text(DEMAND_LIMITS.content, DemandMessages.CONTENT_EMPTY, DemandMessages.CONTENT_LONG),
  company: text(DEMAND_LIMITS.company, null, DemandMessages.COMPANY_LONG),
  service: serviceField,
  // The dashboard path the form was sent from (e.g. /WeiBo); only a path, never a whole URL.
  source_path: optionalText(DEMAND_LIMITS.sourcePath).pipe(
    z.string().regex(/^(\/[\w\-./]*)?$/, DemandMessages.PATH_INVALID),
  ),
});

const listInput = pagingInput.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), statusField.optional()),
  service: z.preprocess((v) => (v === '' ? undefined : v), serviceField.optional()),
});

const statusInput = z.object({
  id: z.coerce
    .number({ message: '需求ID无效' })
    .int('需求ID无效')
    .positive('需求ID无效')
    .max(Number.MAX_SAFE_INTEGER, '需求ID无效'),
  status: statusField,
});

interface DemandRow {
  id: string;
  user_id: string | null;
  name: string;
  phone: string;
  company: string;
  service: string;
  content: string;
  source_path: string;
  status: DemandStatus;
  created_at: string;
  updated_at: string;
}

const BEIJING = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Demands from the service pages (spec §7 "submit_demand"): visitors and members send them; admins list them and
 * move them through new → contacting → done (/fbmain/account/v1).
 */
export function demandRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const db = deps.members.db;

  app.post('/submit_demand', async (c) => {
    const input = await parseForm(c, demandInput);
    if (!input.ok) return input.response;
    const limited = await publicWriteLimit(c, deps, 'submit_demand');
    if (limited) return limited;
    const f = input.data;
    await db.query(
      `INSERT INTO demands (user_id, name, phone, content, company, service, source_path)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [c.get('member')?.id ?? null, f.name, f.phone, f.content, f.company, f.service, f.source_path],
    );
    return c.json({ error_code: 0, msg: M.PROFILE_OK });
  });

  app.get('/demand_list', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(c, listInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const q = input.data;
    const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR service = $2)`;
    const filters = [q.status ?? null, q.service ?? null];
    const [rows, totals, counts] = await Promise.all([
      db.query<DemandRow>(
        `SELECT id::text AS id, user_id::text AS user_id, name, phone, company, service, content, source_path,
                status, ${BEIJING('created_at')} AS created_at, ${BEIJING('updated_at')} AS updated_at
         FROM demands WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
        [...filters, q.num, (q.page - 1) * q.num],
      ),
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM demands WHERE ${where}`, filters),
      db.query<{ status: DemandStatus; n: number }>(
        'SELECT status, count(*)::int AS n FROM demands GROUP BY status',
      ),
    ]);
    const byStatus = Object.fromEntries(DEMAND_STATUS_KEYS.map((s) => [s, 0])) as Record<
      DemandStatus,
      number
    >;
    for (const r of counts) byStatus[r.status] = r.n;
    return ok(c, {
      total: totals[0]?.n ?? 0,
      counts: byStatus,
      list: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        user_id: r.user_id === null ? null : Number(r.user_id),
        service_name: DEMAND_SERVICES[r.service as DemandService] ?? '',
        status_name: DEMAND_STATUSES[r.status],
      })),
    });
  });

  app.post('/update_demand_status', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(c, statusInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const f = input.data;
    const updated = await db.query(
      'UPDATE demands SET status = $2, updated_at = now() WHERE id = $1 RETURNING id',
      [f.id, f.status],
    );
    return updated.length > 0
      ? c.json({ error_code: 0, msg: M.UPDATED })
      : fail(c, 404, Codes.NOT_FOUND, DemandMessages.NOT_FOUND);
  });

  return app;
}
