import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { contract } from '../contract';
import { httpDuration, metricsRoute } from '../core/metrics';
import { DatabaseUnavailableError } from '../postgres/db';
import type { ApiDeps } from './deps';
import { Codes, fail, failWithStatus } from './envelope';
import { accountDetailHandlers } from './handlers/account-detail';
import { accountLoginHandlers } from './handlers/account-login';
import { accountSearchHandlers } from './handlers/account-search';
import { accountSettingsHandlers } from './handlers/account-settings';
import { adminHandlers } from './handlers/admin';
import { apiCustomerHandlers } from './handlers/api-customer';
import { articleReportHandlers } from './handlers/article-reports';
import { brandHandlers } from './handlers/brands';
import { commonHandlers } from './handlers/common';
import { demandHandlers } from './handlers/demands';
import { followHandlers } from './handlers/follow';
import { groupHandlers } from './handlers/groups';
import { historyCrawlHandlers } from './handlers/history-crawl';
import { historyExportHandlers } from './handlers/history-export';
import { inclusionHandlers } from './handlers/inclusion';
import { invoiceHandlers } from './handlers/invoices';
import { keywordHandlers } from './handlers/keywords';
import { mainHandlers } from './handlers/main';
import { memberActivityHandlers } from './handlers/member-activity';
import { miniproHandlers } from './handlers/minipro';
import { monitorHandlers } from './handlers/monitor';
import { orderCalls, orderHandlers } from './handlers/orders';
import { originalHandlers } from './handlers/original';
import { payHandlers } from './handlers/pay';
import { rankHandlers } from './handlers/rank';
import { reportFavoriteHandlers } from './handlers/report-favorites';
import { sourceHandlers } from './handlers/sources';
import { systemHandlers } from './handlers/system';
import { shortLinkRedirect, toolHandlers } from './handlers/tools';
import { transferHandlers } from './handlers/transfers';
import { userHandlers } from './handlers/user';
import { userDeletionHandlers } from './handlers/user-deletion';
import { videoHandlers } from './handlers/video';
import { mountCalls } from './http/mount';
import {
  corsForConfiguredOrigins,
  DEFAULT_HTTP_POLICY,
  jsonDepthGuard,
  securityHeaders,
} from './http-guards';
import { memberSession } from './member-session';
import { openApiRoutes } from './open-api/serve';
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
  // Calls whose area has moved onto the contract (contract/): mounted by entry.
  mountCalls(fbmain, [
    ...rankHandlers(deps),
    ...userHandlers(deps),
    ...userDeletionHandlers(deps),
    ...accountDetailHandlers(deps),
    ...accountSearchHandlers(deps),
    ...miniproHandlers(deps),
    ...videoHandlers(deps),
    ...mainHandlers(deps),
    ...originalHandlers(deps),
    ...followHandlers(deps),
    ...systemHandlers(deps),
    ...monitorHandlers(deps),
    ...articleReportHandlers(deps),
    ...historyCrawlHandlers(deps),
    ...historyExportHandlers(deps),
    ...brandHandlers(deps),
    ...orderHandlers(deps),
    ...orderCalls(
      deps,
      {
        create: contract.api.apiCreateOrder,
        info: contract.api.apiPayInfo,
        status: contract.api.apiCheckOrderStatus,
      },
      'api',
    ),
    ...invoiceHandlers(deps),
    ...demandHandlers(deps),
    ...memberActivityHandlers(deps),
    ...transferHandlers(deps),
    ...accountSettingsHandlers(deps),
    ...sourceHandlers(deps),
    ...groupHandlers(deps),
    ...keywordHandlers(deps),
    ...inclusionHandlers(deps),
    ...reportFavoriteHandlers(deps),
    ...commonHandlers(deps),
    ...adminHandlers(deps),
    ...apiCustomerHandlers(deps),
    ...payHandlers(deps),
    ...accountLoginHandlers(deps),
    ...toolHandlers(deps),
  ]);
  fbmain.route('/openapi/v1', openApiRoutes(deps));
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
      ? failWithStatus(c, 404, Codes.NOT_FOUND, '接口不存在')
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
