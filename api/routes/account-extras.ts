import { Hono } from 'hono';
import { z } from 'zod';
import { levelName } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { Codes, ok, parseInput } from '../envelope';
import { pageNumber, pageSize } from '../inputs';
import { apiAggregate, INVITE_REWARD, lastOpenedAccounts, redeemInvites } from '../member-extras-query';
import { requireMember } from '../member-session';

const aggregateInput = z.object({
  days: z.coerce
    .number({ message: '必须是数字' })
    .int('必须是整数')
    .min(1, '最小为 1')
    .max(365, '最大为 365')
    .default(30),
});

/** account/v1 extras: API use aggregated (api_aggregate) and the accounts the member opened last (last_mpaccount). */
export function accountExtraRoutes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.get('/api_aggregate', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, aggregateInput);
    if (!input.ok) return input.response;
    return ok(c, await apiAggregate(deps.members, me.id, input.data.days));
  });

  app.get('/last_mpaccount', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseInput(c, z.object({ page: pageNumber, num: pageSize(50, 10) }));
    if (!input.ok) return input.response;
    const { page, num } = input.data;
    return ok(c, { page, num, ...(await lastOpenedAccounts(deps.store, me.id, page, num)) });
  });

  return app;
}

/**
 * main/v1 invite_to_vip (邀请有礼): a member redeems the friends who registered with their invite code for
 * membership days, INVITE_REWARD.days per INVITE_REWARD.invitees friends.
 */
export function inviteRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const rule = `每邀请 ${INVITE_REWARD.invitees} 位好友注册，可兑换 ${INVITE_REWARD.days} 天${levelName(INVITE_REWARD.level)}`;

  app.post('/invite_to_vip', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const r = await redeemInvites(deps.members.db, me.id);
    if (!r.ok) {
      const msg =
        r.reason === 'permanent'
          ? '您已是长期会员，无需兑换'
          : `${rule}；当前可用 ${r.progress.available} 位，还需邀请 ${r.progress.need} 位`;
      return c.json({ error_code: Codes.BAD_INPUT, msg, data: { ...r.progress, rule } }, 400);
    }
    return c.json({
      error_code: 0,
      msg: `兑换成功：获得 ${r.days} 天会员`,
      data: {
        days: r.days,
        used: r.used,
        vip_id: r.vip_id,
        vip_name: levelName(r.vip_id),
        vip_expire: r.vip_expire,
        ...r.progress,
        rule,
      },
    });
  });

  return app;
}
