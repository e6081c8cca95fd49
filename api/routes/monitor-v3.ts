import { Hono } from 'hono';
import { levelName } from '../../members/membership';
import type { ApiDeps } from '../deps';
import { apiUserDetail } from '../member-extras-query';
import { maskPhone } from '../member-session';
import { member, okData } from '../monitor-envelope';
import { articleClaim, latestCounts } from '../report-extras-query';
import { articleCall } from './monitor-extras';

/**
 * /fbmain/monitor/v3 (spec §7 Monitor v3): the API customer's account (api_user_detail), an article's latest
 * read/like/在看 counts (read_zan) and its original claim (tencent_claim). Members only; `status` 200 on success.
 */
export function monitorV3Routes(deps: ApiDeps): Hono {
  const app = new Hono();

  app.on(['GET', 'POST'], '/api_user_detail', async (c) => {
    const me = member(c);
    if (me instanceof Response) return me;
    // Ledger days are on the database's wall clock, not the platform clock (which a demo may hold fixed).
    const d = await apiUserDetail(deps.members, me.id, Date.now());
    return okData(c, {
      user_id: me.id,
      name: me.name,
      phone: maskPhone(me.phone),
      vip_id: me.level,
      vip_name: levelName(me.level),
      ...d,
    });
  });

  const notCollected = '文章尚未采集，请先通过收录提交文章链接';
  app.on(['GET', 'POST'], '/read_zan', articleCall(deps, latestCounts, notCollected));
  app.on(['GET', 'POST'], '/tencent_claim', articleCall(deps, articleClaim, notCollected));

  return app;
}
