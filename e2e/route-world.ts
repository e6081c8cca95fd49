import { appRoutes } from '../dashboard/src/routes';
import { SPEC_PATHS } from '../dashboard/src/spec-routes';
import type { Platform } from '../platform/platform';
import { publishStepSeries, until } from './harness';
import { ADMIN_PHONE, buy, type Client, signUp } from './members-harness';
import { routeExpectation } from './route-expectations';
import type { RouteTarget } from './route-visits';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field below
type Json = any;

/** What a member has done before the route visit, so member pages show their own data, not only empty states. */
export interface RouteWorld {
  member: Client;
  mid: number;
  post: string;
  appid: string;
  owner: string;
  outTradeNo: string;
  requestId: string;
  /** The monitored article's link. */
  articleUrl: string;
  accountName: string;
  noticeId: number;
}

/**
 * Makes the demo platform look used: an admin who is a super member (paid through the sandbox cashier), with a
 * favourite group, a subscribed keyword, an API key, a back-collection order and a monitored article whose
 * fake-traffic report exists. Every step goes through the public HTTP calls, as the dashboard would make them.
 */
export async function prepareRouteWorld(platform: Platform, base: string): Promise<RouteWorld> {
  const member = await signUp(base, ADMIN_PHONE);
  const { outTradeNo } = await buy(member, 'vip4_q');
  const accounts = (await member.post('/fbmain/search/v1/key_search', { kw: '', num: 20 })).body.data
    .accounts as Json[];
  const first = accounts[0];
  if (!first) throw new Error('the demo platform has no accounts');
  const mid = Number(first.mid);

  const group = await member.post('/fbmain/search/v1/group_add', { name: '路由巡检分组' });
  await member.post('/fbmain/search/v1/favorite_add', {
    group_id: group.body.data.group_id,
    mids: accounts
      .slice(0, 3)
      .map((a) => a.mid)
      .join(','),
  });
  await member.post('/fbmain/search/v1/userkeyword', { keyword: '科技' });
  await member.post('/fbmain/api/v1/api_keys', { name: '路由巡检' });
  const crawl = await member.post('/fbmain/monitor/v1/create_history_crawl', { mid, days: 30 });
  const requestId = String(crawl.body.data?.request_id ?? '');

  const notice = await member.post('/fbmain/admin/v1/notices', {
    title: '演示环境路由巡检',
    content: '本公告由路由巡检（npm run e2e -- routes）在演示环境中创建，用于检查公告列表与详情页。',
    published: 1,
  });
  const noticeId = Number(notice.body.data?.id ?? 0);

  const { post, art } = await publishStepSeries(platform, base);
  await until(
    'the fake-traffic report',
    async () =>
      (await member.get(`/fbmain/monitor/v1/read_praise_report?post=${post}`)).body.data?.status === 1,
    90_000,
  );

  // The mini-program ranking is computed by the analytics shortly after the first crawl.
  const appid = await until(
    'a ranked mini-program',
    async () =>
      (await member.get('/fbmain/rank/v1/minipro_rank', { period: 'month' })).body.data?.applet_data?.[0]
        ?.appid as string | undefined,
    90_000,
  ).catch(() => '');
  const owner = String(first.owner ?? first.zhuti ?? '');
  return {
    member,
    mid,
    post,
    appid,
    owner,
    outTradeNo,
    requestId,
    articleUrl: String(art.href),
    accountName: String(first.name ?? ''),
    noticeId,
  };
}

const LOGIN_PATHS = ['/login', '/zhongjian', '/register', '/loginMiddleware'];

/** The sample query that makes a route show real content (an account, a report, an order…). */
function sampleQuery(path: string, w: RouteWorld): string {
  const q: Record<string, string> = {
    '/detail': `?mid=${w.mid}&active=0`,
    '/appsearch/detail': `?mid=${w.mid}&active=0`,
    '/appsearch/monitorView': `?post=${encodeURIComponent(w.post)}`,
    '/appsearch/monitorViewNew': `?post=${encodeURIComponent(w.post)}`,
    '/appsearch/appdetail': w.appid ? `?appid=${encodeURIComponent(w.appid)}` : '',
    '/appsearch/brandvolumelist': w.owner ? `?owner=${encodeURIComponent(w.owner)}` : '',
    '/paySuccess': `?out_trade_no=${encodeURIComponent(w.outTradeNo)}`,
    '/stopingDetail': w.requestId ? `?request_id=${encodeURIComponent(w.requestId)}` : '',
    '/appsearch/articleContent': `?post=${encodeURIComponent(w.post)}`,
    '/appsearch/details': `?post=${encodeURIComponent(w.post)}`,
    '/appsearch/articlepro': `?post=${encodeURIComponent(w.post)}`,
    '/appsearch/getHtml': `?url=${encodeURIComponent(w.articleUrl)}`,
    '/appsearch/wxarticle': `?url=${encodeURIComponent(w.articleUrl)}`,
    '/appsearch/read': `?url=${encodeURIComponent(w.articleUrl)}`,
    '/appsearch/comment': `?mid=${w.mid}`,
    '/appsearch/getheard': `?mid=${w.mid}`,
    '/appsearch/singleDay': `?mid=${w.mid}`,
    '/officialflow': `?mid=${w.mid}`,
    '/appsearch/similar': `?mid=${w.mid}`,
    '/appsearch/withSubject': `?mid=${w.mid}`,
    '/appsearch/subject': w.owner ? `?owner=${encodeURIComponent(w.owner)}` : '',
    '/appsearch/bodysearch': w.owner ? `?kw=${encodeURIComponent(w.owner.slice(0, 2))}` : '',
    '/appsearch/insidesearch': `?kw=${encodeURIComponent(w.accountName.slice(0, 2))}`,
    '/appsearch/innet': `?q=${encodeURIComponent(w.accountName)}`,
    '/appsearch/wordDetail': '?id=search',
    '/newnotice': w.noticeId ? `?id=${w.noticeId}` : '',
  };
  return q[path] ?? '';
}

/**
 * Every route of the route table that spec §2 names, with its sample query for a member; a visitor opens the
 * same URLs. Routes the table serves beyond the spec (the admin pages) are visited too.
 */
export function routeTargets(w: RouteWorld | null): RouteTarget[] {
  const listed = new Set(SPEC_PATHS);
  const extra = appRoutes.filter((r) => !listed.has(r.path)).map((r) => r.path);
  return [...SPEC_PATHS, ...extra].map((path) => {
    const route = appRoutes.find((r) => r.path === path);
    // A logged-in member has nothing to do on the login pages: they go on to the page named by redirect.
    if (w && LOGIN_PATHS.includes(path)) {
      const next = appRoutes.find((r) => r.path === '/appsearch/center');
      return {
        path,
        url: `${path}?redirect=/appsearch/center`,
        title: next?.title ?? '',
        endsAt: '/appsearch/center',
      };
    }
    const expect = routeExpectation(path);
    return {
      path,
      ...(expect ? { expect } : {}),
      url: path + (w ? sampleQuery(path, w) : ''),
      // A spec route missing from the table falls back to the home page: its visit fails on the title.
      title: route?.title ?? `（路由表中没有 ${path}）`,
    };
  });
}
