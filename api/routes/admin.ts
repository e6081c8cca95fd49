import { Hono } from 'hono';
import { z } from 'zod';
import { CREDENTIAL_SOURCES, type Credential, PgCredentialStore } from '../../collectors/credentials';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { parseForm, requireAdmin } from '../member-session';

/** A secret is shown only as its field names and last characters: admins see which cookie, never all of it. */
function masked(cred: Credential) {
  return {
    id: cred.id,
    source: cred.source,
    label: cred.label,
    state: cred.state,
    cooling_until: cred.coolingUntil ? new Date(cred.coolingUntil).toISOString() : null,
    last_error: cred.lastError,
    requests: cred.requests,
    failures: cred.failures,
    freq_limited: cred.freqLimited,
    last_used_at: cred.lastUsedAt ? new Date(cred.lastUsedAt).toISOString() : null,
    secret: Object.fromEntries(Object.entries(cred.secret).map(([k, v]) => [k, `…${String(v).slice(-4)}`])),
  };
}

const source = z.enum(CREDENTIAL_SOURCES, {
  message: `上游类型必须是 ${CREDENTIAL_SOURCES.join(' / ')} 之一`,
});
// The secret arrives as a JSON object of strings (cookie, token, key…), or as its JSON text in a form.
const secret = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .record(z.string().min(1).max(64), z.string().max(8192), {
      message: '凭据必须是键值都为字符串的 JSON 对象',
    })
    .refine((o) => Object.keys(o).length > 0 && Object.keys(o).length <= 20, '凭据必须有 1–20 个字段'),
);
const id = z.coerce.number({ message: '凭据ID必须是数字' }).int('凭据ID必须是整数').positive('凭据ID无效');

/** Upstream credentials for admins: add, list with state and request counts, rotate, disable (/fbmain/admin/v1). */
export function adminRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const store = new PgCredentialStore(deps.db);

  app.get('/credentials', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(c, z.object({ source: source.optional() }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const list = await store.list(deps.clock.now(), input.data.source);
    return ok(c, { total: list.length, list: list.map(masked) });
  });

  app.post('/credentials', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(
      c,
      z.object({ source, label: z.string().trim().max(100, '备注不能超过 100 个字符').default(''), secret }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const newId = await store.add(input.data);
    deps.log.info(
      { credential: newId, source: input.data.source, by: admin.id },
      'upstream credential added',
    );
    return ok(c, { id: newId });
  });

  // Rotate (a new secret makes it active again), lift a cooldown (state=active) or disable it.
  app.put('/credentials', async (c) => {
    const admin = requireAdmin(c);
    if (admin instanceof Response) return admin;
    const input = await parseForm(
      c,
      z
        .object({
          id,
          secret: secret.optional(),
          state: z.enum(['active', 'disabled'], { message: '状态只能是 active 或 disabled' }).optional(),
        })
        .refine((v) => v.secret !== undefined || v.state !== undefined, '请提供新的凭据或状态'),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const exists = (await store.list(deps.clock.now())).some((x) => x.id === input.data.id);
    if (!exists) return fail(c, 404, Codes.NOT_FOUND, '凭据不存在');
    await store.update(input.data.id, { secret: input.data.secret, state: input.data.state });
    deps.log.info(
      {
        credential: input.data.id,
        state: input.data.state,
        rotated: Boolean(input.data.secret),
        by: admin.id,
      },
      'upstream credential changed',
    );
    return ok(c, { id: input.data.id });
  });

  return app;
}
