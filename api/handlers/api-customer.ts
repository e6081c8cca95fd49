import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import type { LedgerRow } from '../../contract/shapes/orders';
import { API_COSTS, PACKAGES } from '../../members/pricing';
import { xlsx } from '../../members/xlsx';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, handleOwn, type Mounted, said } from '../http/mount';
import { OPEN_API_BASE } from '../open-api/document';
import { OPEN_ENDPOINTS } from '../open-api/endpoints';
import { me, memberForm, orderView, packageView } from './orders';
import { alipayCallback } from './pay';

const { api } = contract;

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

/** API customers' self-service under /fbmain/api/v1 (spec §7 API); its orders are api/handlers/orders.ts's. */
export function apiCustomerHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;

  const records = (userId: number, q: { page: number; num: number; start_time: string; end_time: string }) =>
    m.metering.records(userId, ['call', 'refund'], {
      page: q.page,
      num: q.num,
      start: q.start_time || undefined,
      end: q.end_time || undefined,
    });

  return [
    handle(api.apiPricing, () => ({
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
    })),

    // The spec's API page names its own callback; it is the same verified, idempotent Alipay notification.
    handleOwn(api.apiPayCallback, alipayCallback(deps)),

    handle(
      api.apiUsage,
      async ({ days }, c) => {
        const [b, usage] = await Promise.all([
          m.metering.balance(me(c).id),
          m.metering.usage(me(c).id, days),
        ]);
        return {
          balance: b.balance,
          trial_quota: b.trial,
          total_calls: usage.reduce((s, u) => s + u.calls, 0),
          daily: usage,
        };
      },
      memberForm,
    ),

    handle(api.apiRecords, (q, c) => records(me(c).id, q), memberForm),

    handleOwn(
      api.exportApiRecords,
      async (q, c) => {
        const { rows } = await records(me(c).id, { ...q, page: 1 });
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
        if (q.format === 'xlsx') {
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
      },
      memberForm,
    ),

    handle(
      api.apiRechargeRecord,
      async ({ page, num }, c) => {
        const { total, rows } = await m.orders.list(me(c).id, 'api', page, num);
        return { total, list: rows.map(orderView) };
      },
      memberForm,
    ),

    handle(api.apiKeys, (_, c) => m.apiKeys.list(me(c).id), memberForm),

    handle(
      api.apiKeysCreate,
      async ({ name }, c) => {
        const r = await m.apiKeys.create(me(c).id, name);
        if (!r) return fail(c, 400, Codes.BAD_INPUT, '最多同时保留 5 个有效密钥');
        // The key itself is shown this once; only its hash is kept.
        return said(M.CREATED, { ...r.row, key: r.key });
      },
      memberForm,
    ),

    handle(
      api.apiKeysRevoke,
      async ({ id }, c) =>
        (await m.apiKeys.revoke(me(c).id, id)) ? said(M.DELETED) : fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND),
      memberForm,
    ),
  ];
}
