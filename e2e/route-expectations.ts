import { apipagesRoutes } from '../dashboard/src/features/apiservice/routes';
import { exploreRoutes } from '../dashboard/src/features/explore/routes';
import { helpRoutes } from '../dashboard/src/features/help/routes';
import { servicesRoutes } from '../dashboard/src/features/services/routes';
import { toolsRoutes } from '../dashboard/src/features/tools/routes';

/**
 * What a route's page shows once it is in place, beyond what the route sweep (e2e/route-visits.ts) checks on every
 * route (its title, Chinese content and head, no console error, no failed request). The sweep visits every route as a
 * visitor and as a member and checks these too, so the areas' tests need no sweeps of their own: they test what
 * their pages do, and what non-admin members meet on admin pages.
 */
export interface RouteExpectation {
  /** Test id of the page's own root, shown to a member (and to a visitor, unless `visitorGate` is set). */
  ready?: string;
  /** Test id a visitor meets here (a login prompt, the admin refusal); the member never sees it. */
  visitorGate?: string;
  /** Test ids shown with the page to both roles, each at least so many times. */
  also?: Record<string, number>;
}

/** The element each open-API page renders once it has its content. */
export const API_PAGE_READY: Record<string, string> = {
  '/appsearch/word': 'word-count',
  // The card holds the endpoint picker, or with ?id= the endpoint's detail (the member's sample query).
  '/appsearch/wordDetail': 'api-detail',
  '/appsearch/ApiWXAccountSearch': 'op-search',
  '/appsearch/ApiWXLinkShort2Long': 'op-link_short2long',
  '/appsearch/D1': 'op-video_search',
  '/appsearch/D2': 'op-video_account',
  '/appsearch/D3': 'op-video_posts',
  '/wordVip': 'word-vip',
  '/appsearch/applicatio': 'applicatio-page',
  '/appsearch/Keyverifycode': 'key-verify-page',
  '/pythonDemo': 'demo-code',
  '/phpDemo': 'demo-code',
  '/cDemo': 'demo-code',
  '/javaDemo': 'demo-code',
};

/** Help, statement, account and admin pages: each page's root; admin pages refuse visitors. */
export const HELP_PAGE_READY: Record<string, string> = {
  '/newhelpcenter': 'help-center',
  '/userguide': 'user-guide',
  '/shengming': 'statement-agreement',
  '/shengming1': 'statement-privacy',
  '/newnotice': 'notice-page',
  '/bianji': 'notice-editor',
  '/aboutus': 'about-page',
  '/wxregest': 'wxregest-page',
  '/binding': 'binding-page',
  '/appsearch/binding': 'binding-page',
  '/deletion': 'deletion-page',
  '/transfer': 'transfer-page',
  '/admin': 'admin-home',
  '/admin/credentials': 'admin-credentials',
  '/admin/health': 'admin-health',
  '/admin/invoices': 'admin-invoices',
  '/admin/notices': 'notice-editor',
  '/admin/sources': 'admin-sources',
  '/admin/transfers': 'admin-transfers',
};
/** Help-area pages only admins may use. */
export const HELP_ADMIN_PATHS = [
  '/bianji',
  '/admin',
  '/admin/credentials',
  '/admin/health',
  '/admin/invoices',
  '/admin/notices',
  '/admin/sources',
  '/admin/transfers',
];

/** Link and article tools: each page's root, and the tools whose use needs a member. */
const TOOL_PAGE_READY: Record<string, string> = {
  '/appsearch/sogoHerf': 'sogoherf-page',
  '/appsearch/sogopro': 'sogopro-page',
  '/appsearch/langchinge': 'langchinge-page',
  '/appsearch/longHerf': 'longherf-page',
  '/appsearch/getHtml': 'gethtml-page',
  '/appsearch/articleContent': 'article-content-page',
  '/appsearch/wxarticle': 'wxarticle-page',
  '/appsearch/read': 'read-page',
  '/appsearch/readPro': 'readpro-page',
  '/appsearch/articlepro': 'articlepro-page',
  '/appsearch/comment': 'comment-page',
  '/appsearch/getheard': 'getheard-page',
  '/appsearch/details': 'details-page',
  '/appsearch/singleDay': 'singleday-page',
};
const PUBLIC_TOOLS = new Set(['/appsearch/comment', '/appsearch/getheard', '/appsearch/singleDay']);

/** Explore pages whose content is the member's own: visitors see the login prompt. */
const EXPLORE_MEMBER_ONLY = new Set([
  '/appsearch/accountList',
  '/appsearch/collection',
  '/appsearch/articleCollection',
  '/appsearch/ment',
]);

/** The element each service route renders once loaded. */
export const servicePageReady = (p: string) =>
  p === '/admin/demands'
    ? 'admin-demands-page'
    : p === '/customerCase' || p === '/customcase'
      ? 'case-list'
      : 'service-page';

function build(): Map<string, RouteExpectation> {
  const m = new Map<string, RouteExpectation>();
  for (const r of apipagesRoutes)
    m.set(r.path, {
      ready: API_PAGE_READY[r.path],
      ...(r.path === '/appsearch/applicatio' ? { visitorGate: 'login-prompt' } : {}),
    });
  for (const r of helpRoutes)
    m.set(r.path, {
      ready: HELP_PAGE_READY[r.path],
      ...(HELP_ADMIN_PATHS.includes(r.path) ? { visitorGate: 'admin-denied' } : {}),
    });
  for (const r of toolsRoutes)
    m.set(r.path, {
      ready: TOOL_PAGE_READY[r.path],
      ...(PUBLIC_TOOLS.has(r.path) ? {} : { visitorGate: 'login-prompt' }),
    });
  for (const r of exploreRoutes)
    m.set(r.path, EXPLORE_MEMBER_ONLY.has(r.path) ? { visitorGate: 'login-prompt' } : {});
  for (const r of servicesRoutes) {
    const ready = servicePageReady(r.path);
    m.set(r.path, {
      ready,
      ...(ready === 'service-page' ? { also: { 'demand-form': 1, 'service-feature': 3 } } : {}),
      ...(r.path === '/admin/demands' ? { visitorGate: 'login-prompt' } : {}),
    });
  }
  return m;
}

const EXPECTATIONS = build();

export const routeExpectation = (path: string): RouteExpectation | undefined => EXPECTATIONS.get(path);
