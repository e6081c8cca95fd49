import type { Context } from 'hono';
import { credentialInputError } from '../../collectors/credential-input';
import { type Credential, PgCredentialStore } from '../../collectors/credentials';
import { contract } from '../../contract';
import { beijingDateTime, beijingTimeMs } from '../../core/periods';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted } from '../http/mount';
import { allNotices, createNotice, deleteNotice, updateNotice } from '../queries/notices';
import { pipelineHealth } from '../queries/pipeline-health';
import { me, memberForm } from './orders';

const { admin } = contract;

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
    last_success_at: cred.lastSuccessAt ? beijingDateTime(cred.lastSuccessAt) : null,
    daily_budget: cred.dailyBudget,
    egress: cred.egress,
    expires_at: cred.expiresAt ? beijingDateTime(cred.expiresAt) : null,
    cost_fen: cred.costFen,
    monthly_cap_fen: cred.monthlyCapFen,
    charges_failures: cred.chargesFailures,
    secret: Object.fromEntries(Object.entries(cred.secret).map(([k, v]) => [k, `…${String(v).slice(-4)}`])),
  };
}

/**
 * The admins' platform pages (/fbmain/admin/v1): upstream credentials (add, list with state and request counts,
 * rotate, disable), the pipeline's health and 网站公告 editing (the public list and detail are main/v1's). Notice
 * content is plain text, shown as text, so it carries no markup.
 */
export function adminHandlers(deps: ApiDeps): Mounted[] {
  const credentials = new PgCredentialStore(deps.db);
  const { db } = deps;
  const notFound = (c: Context, msg: string) => fail(c, 404, Codes.NOT_FOUND, msg);
  return [
    handle(
      admin.credentials,
      async ({ source }) => {
        const list = await credentials.list(deps.clock.now(), source);
        return { total: list.length, list: list.map(masked) };
      },
      memberForm,
    ),

    handle(
      admin.credentialsAdd,
      async (f, c) => {
        const limits = {
          dailyBudget: f.daily_budget ?? null,
          ratePerMin: f.rate_per_min ?? null,
          egress: f.egress,
          expiresAt: f.expires_at ? beijingTimeMs(f.expires_at) : null,
          costFen: f.cost_fen ?? 0,
          monthlyCapFen: f.monthly_cap_fen ?? null,
          chargesFailures: f.charges_failures === '1',
        };
        // What each source's secret needs, and limits that make sense (a clear Chinese reason otherwise).
        const wrong = credentialInputError(
          { source: f.source, secret: f.secret, ...limits },
          deps.clock.now(),
        );
        if (wrong) return fail(c, 400, Codes.BAD_INPUT, wrong);
        const id = await credentials.add({ source: f.source, label: f.label, secret: f.secret, ...limits });
        deps.log.info({ credential: id, source: f.source, by: me(c).id }, 'upstream credential added');
        return { id };
      },
      memberForm,
    ),

    handle(
      admin.credentialsChange,
      async (f, c) => {
        const held = (await credentials.list(deps.clock.now())).find((x) => x.id === f.id);
        if (!held) return notFound(c, '凭据不存在');
        // A rotated secret needs what its source needs, like a new one.
        const wrong =
          f.secret && credentialInputError({ source: held.source, secret: f.secret }, deps.clock.now());
        if (wrong) return fail(c, 400, Codes.BAD_INPUT, wrong);
        await credentials.update(f.id, { secret: f.secret, state: f.state });
        deps.log.info(
          { credential: f.id, state: f.state, rotated: Boolean(f.secret), by: me(c).id },
          'upstream credential changed',
        );
        return { id: f.id };
      },
      memberForm,
    ),

    handle(admin.health, () => pipelineHealth(deps, credentials)),

    handle(admin.notices, () => allNotices(db), memberForm),

    handle(
      admin.noticesCreate,
      async (f, c) => {
        const notice = await createNotice(db, f, me(c).id);
        deps.log.info({ notice: notice?.id, by: me(c).id }, 'notice created');
        return notice;
      },
      memberForm,
    ),

    handle(
      admin.noticesUpdate,
      async (f, c) => {
        const notice = await updateNotice(db, f);
        if (!notice) return notFound(c, '公告不存在');
        deps.log.info({ notice: f.id, by: me(c).id }, 'notice changed');
        return notice;
      },
      memberForm,
    ),

    handle(
      admin.noticesDelete,
      async ({ id }, c) => {
        if (!(await deleteNotice(db, id))) return notFound(c, '公告不存在');
        deps.log.info({ notice: id, by: me(c).id }, 'notice deleted');
        return { id };
      },
      memberForm,
    ),
  ];
}
