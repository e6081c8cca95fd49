import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { httpDuration, metricsRoute } from '../platform/metrics';
import { DatabaseUnavailableError } from '../postgres/db';
import type { ApiDeps } from './deps';
import { Codes, fail } from './envelope';
import {
  corsForConfiguredOrigins,
  DEFAULT_HTTP_POLICY,
  jsonDepthGuard,
  securityHeaders,
} from './http-guards';
import { memberSession } from './member-session';
import { memberAccountRoutes } from './routes/account';
import { accountDeletionRoutes } from './routes/account-deletion';
import { accountRoutes } from './routes/account-detail';
import { accountExtraRoutes, inviteRoutes } from './routes/account-extras';
import { accountSearchRoutes, sameOwnerCountRoute } from './routes/account-search';
import { adminRoutes } from './routes/admin';
import { adminHealthRoutes } from './routes/admin-health';
import { apiCustomerRoutes } from './routes/api-customer';
import { articleToolRoutes } from './routes/article-tools';
import { bindingRoutes } from './routes/bindings';
import { brandRoutes } from './routes/brand';
import { commonExtraRoutes } from './routes/common-extras';
import { demandRoutes } from './routes/demands';
import { exploreRoutes } from './routes/explore';
import { followRoutes } from './routes/follow';
import { followSearchRoutes } from './routes/follow-search';
import { groupRoutes } from './routes/groups';
import { historyCrawlRoutes } from './routes/history-crawl';
import { historyExportRoutes } from './routes/history-export';
import { inclusionRoutes } from './routes/inclusion';
import { invoiceRoutes } from './routes/invoices';
import { keywordRoutes } from './routes/keywords';
import { linkToolRoutes, shortLinkRedirect } from './routes/link-tools';
import { listRoutes } from './routes/lists';
import { miniproRoutes } from './routes/minipro';
import { monitorExtraRoutes } from './routes/monitor-extras';
import { monitorOrderRoutes } from './routes/monitor-orders';
import { monitorReportRoutes } from './routes/monitor-report';
import { monitorV3Routes } from './routes/monitor-v3';
import { noticeRoutes } from './routes/notices';
import { openApiRoutes } from './routes/open-api';
import { orderRoutes } from './routes/orders';
import { originalRoutes } from './routes/original';
import { originalListRoutes } from './routes/original-lists';
import { pageViewRoutes } from './routes/page-view';
import { payRoutes } from './routes/pay';
import { rankRoutes } from './routes/rank';
import { searchExtraRoutes } from './routes/search-extras';
import { similarRoutes } from './routes/similar';
import { systemRoutes } from './routes/system';
import { transferRoutes } from './routes/transfers';
import { userRoutes } from './routes/user';
import { videoRoutes } from './routes/video';
import { videoKeywordRoutes } from './routes/video-keywords';
import { spaHandler } from './static';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's id (x-request-id, given or made up), on every log line about it. */
    reqId: string;
  }
}

/** The HTTP surface: /fbmain (spec §7), health, and the SPA under /main/. */
export function createApp(deps: ApiDeps): Hono {
  const app = new Hono();
  const policy = deps.http ?? DEFAULT_HTTP_POLICY;

  app.use('*', securityHeaders(policy));
  app.use('*', async (c, next) => {
    const id = c.req.header('x-request-id') ?? randomUUID();
    const started = performance.now();
    c.header('x-request-id', id);
    c.set('reqId', id);
    await next();
    // By route pattern (the last route that matched), so ids in paths do not make new series.
    httpDuration.observe(
      { method: c.req.method, route: routePath(c, -1), status: String(c.res.status) },
      (performance.now() - started) / 1000,
    );
    if (c.req.path.startsWith('/fbmain/')) {
      deps.log.info(
        {
          reqId: id,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });

  const fbmain = new Hono();
  fbmain.use('*', corsForConfiguredOrigins(policy));
  fbmain.use(
    '*',
    bodyLimit({
      maxSize: 1024 * 1024,
      onError: (c) => fail(c, 413, Codes.BAD_INPUT, '请求体过大（上限 1 MB）'),
    }),
  );
  fbmain.use('*', jsonDepthGuard());
  // Every /fbmain call knows its member (or visitor) before any handler runs.
  fbmain.use('*', memberSession(deps.members));
  fbmain.route('/search/v1', accountRoutes(deps));
  fbmain.route('/search/v1', accountSearchRoutes(deps));
  fbmain.route('/search/v1', inclusionRoutes(deps));
  fbmain.route('/search/v1', historyExportRoutes(deps));
  fbmain.route('/search/v1', groupRoutes(deps));
  fbmain.route('/search/v1', similarRoutes(deps));
  fbmain.route('/search/v1', videoRoutes(deps));
  fbmain.route('/search/v1', videoKeywordRoutes(deps));
  fbmain.route('/search/v1', miniproRoutes(deps));
  fbmain.route('/search/v1', searchExtraRoutes(deps));
  fbmain.route('/search/v1', exploreRoutes(deps));
  fbmain.route('/account/v1', memberAccountRoutes(deps));
  fbmain.route('/account/v1', sameOwnerCountRoute(deps));
  fbmain.route('/account/v1', orderRoutes(deps));
  fbmain.route('/account/v1', invoiceRoutes(deps));
  fbmain.route('/account/v1', accountExtraRoutes(deps));
  fbmain.route('/account/v1', demandRoutes(deps));
  fbmain.route('/api/v1', apiCustomerRoutes(deps));
  fbmain.route('/openapi/v1', openApiRoutes(deps));
  fbmain.route('/pay', payRoutes(deps));
  fbmain.route('/user/v1', userRoutes(deps));
  fbmain.route('/admin/v1', adminRoutes(deps));
  fbmain.route('/original/v1', originalRoutes(deps));
  fbmain.route('/original/v1', originalListRoutes(deps));
  fbmain.route('/rank/v1', rankRoutes(deps));
  fbmain.route('/monitor/v1', monitorReportRoutes(deps));
  fbmain.route('/monitor/v1', monitorOrderRoutes(deps));
  fbmain.route('/monitor/v1', monitorExtraRoutes(deps));
  fbmain.route('/monitor/v3', monitorV3Routes(deps));
  fbmain.route('/monitor/v1', historyCrawlRoutes(deps));
  fbmain.route('/monitor/v1', brandRoutes(deps));
  fbmain.route('/main/v1', listRoutes(deps));
  fbmain.route('/main/v1', inviteRoutes(deps));
  fbmain.route('/follow/v1', followRoutes(deps));
  fbmain.route('/follow/v1', followSearchRoutes(deps));
  fbmain.route('/', keywordRoutes(deps));
  fbmain.route('/common/v1', pageViewRoutes(deps));
  fbmain.route('/common/v1', commonExtraRoutes(deps));
  fbmain.route('/tools/v1', linkToolRoutes(deps));
  fbmain.route('/tools/v1', articleToolRoutes(deps));
  fbmain.route('/', systemRoutes(deps));
  // Help centre, notices, account pages and admin pages (issue #9).
  const notices = noticeRoutes(deps);
  const transfers = transferRoutes(deps);
  fbmain.route('/main/v1', notices.pub);
  fbmain.route('/admin/v1', notices.admin);
  fbmain.route('/account/v1', transfers.member);
  fbmain.route('/admin/v1', transfers.admin);
  fbmain.route('/admin/v1', adminHealthRoutes(deps));
  fbmain.route('/account/v1', bindingRoutes(deps));
  fbmain.route('/user/v1', accountDeletionRoutes(deps));
  app.route('/fbmain', fbmain);

  // Our short links (link tools): short, so at the root rather than under /fbmain.
  app.route('/t', shortLinkRedirect(deps));

  app.get('/livez', (c) => c.json({ status: 'alive' }));
  app.get('/metrics', metricsRoute(deps.metricsToken));
  app.get('/health', async (c) => {
    const r = await deps.readiness();
    return c.json({ status: r.ready ? 'ready' : 'starting', checks: r.checks }, r.ready ? 200 : 503);
  });

  app.get('/', (c) => c.redirect('/main/', 302));
  app.get('/favicon.ico', (c) => c.redirect('/main/favicon.svg', 301));
  app.get('/main', (c) => c.redirect('/main/', 301));
  app.get('/main/*', spaHandler(deps.dashboardDir));

  app.notFound((c) =>
    c.req.path.startsWith('/fbmain/')
      ? fail(c, 404, Codes.NOT_FOUND, '接口不存在')
      : c.text('Not Found', 404),
  );
  app.onError((err, c) => {
    // PostgreSQL down or restarting: a clear "try again" (the pool reconnects by itself), not an internal error.
    if (err instanceof DatabaseUnavailableError) {
      deps.log.warn({ err: err.message, reqId: c.get('reqId'), path: c.req.path }, 'database unavailable');
      c.header('retry-after', '5');
      return fail(c, 503, Codes.UNAVAILABLE, '数据库暂时不可用，请稍后重试');
    }
    deps.log.error({ err, reqId: c.get('reqId'), path: c.req.path }, 'unhandled error');
    return fail(c, 500, Codes.INTERNAL, '服务器内部错误，请稍后重试');
  });
  return app;
}
