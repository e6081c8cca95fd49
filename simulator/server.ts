import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Logger } from '../platform/log';
import { type SimAccount, type SimArticle, SimWorld, type WorldOptions } from './world';

/**
 * The demo upstream. It answers in the shapes of the real WeChat endpoints, so collectors crawl it
 * exactly as they would crawl WeChat:
 *   GET  /cgi-bin/searchbiz?action=search_biz&query=&begin=&count=   → {base_resp, list[], total}
 *        (an empty query lists every account: the simulator's directory)
 *   GET  /mp/profile_ext?action=getinfo&__biz=&f=json                 → the account's 账号主体 page data
 *   GET  /cgi-bin/appmsgpublish?sub=list&fakeid=&begin=&count=       → {base_resp, publish_page: "<json>"}
 *   POST /mp/getappmsgext?__biz=&mid=&idx=&sn=&f=json                 → {appmsgstat:{read_num, like_num, old_like_num}}
 *   GET  /s?__biz=&mid=&idx=&sn=                                       → the article page (HTML)
 *   GET  /mmhead/:biz/0                                                → the avatar (SVG)
 */
export function createSimulatorApp(world: SimWorld): Hono {
  const app = new Hono();
  const ok = { ret: 0, err_msg: 'ok' };
  const origin = (url: string) => new URL(url).origin;

  const accountInfo = (a: SimAccount, base: string) => ({
    fakeid: a.biz,
    nickname: a.name,
    alias: a.alias,
    round_head_img: `${base}/mmhead/${encodeURIComponent(a.biz)}/0`,
    service_type: 1,
    signature: a.signature,
  });

  app.get('/cgi-bin/searchbiz', (c) => {
    const query = (c.req.query('query') ?? '').trim();
    const begin = Math.max(0, Number(c.req.query('begin') ?? 0) || 0);
    const count = Math.min(20, Math.max(1, Number(c.req.query('count') ?? 5) || 5));
    const hits = query
      ? world.accounts.filter((a) => a.name.includes(query) || a.alias === query)
      : world.accounts;
    const base = origin(c.req.url);
    return c.json({
      base_resp: ok,
      list: hits.slice(begin, begin + count).map((a) => accountInfo(a, base)),
      total: hits.length,
    });
  });

  app.get('/mp/profile_ext', (c) => {
    const a = world.account(c.req.query('__biz') ?? '');
    if (!a) return c.json({ base_resp: { ret: -1, err_msg: 'invalid biz' } });
    return c.json({
      base_resp: ok,
      ...accountInfo(a, origin(c.req.url)),
      user_name: a.ghId,
      principal_name: a.owner,
      register_time: a.regTime,
      province: a.area,
      city: a.city,
      category: a.industry.name,
      tags: a.tags,
      qrcode: `https://open.weixin.qq.com/qr/code?username=${a.ghId}`,
    });
  });

  app.get('/cgi-bin/appmsgpublish', (c) => {
    const a = world.account(c.req.query('fakeid') ?? '');
    if (!a) return c.json({ base_resp: { ret: 200002, err_msg: 'invalid args' } });
    const begin = Math.max(0, Number(c.req.query('begin') ?? 0) || 0);
    const count = Math.min(20, Math.max(1, Number(c.req.query('count') ?? 5) || 5));
    const base = origin(c.req.url);
    const pushes = world.pushes(a);
    const page = {
      total_count: pushes.length,
      publish_count: pushes.length,
      masssend_count: pushes.length,
      publish_list: pushes.slice(begin, begin + count).map((p) => ({
        publish_type: 101,
        publish_info: JSON.stringify({
          type: 9,
          msgid: p.msgid,
          sent_info: { time: p.time },
          appmsgex: p.articles.map((art) => appmsgex(art, base)),
        }),
      })),
    };
    return c.json({ base_resp: ok, publish_page: JSON.stringify(page) });
  });

  app.post('/mp/getappmsgext', async (c) => {
    const art = articleFrom(world, c.req.query());
    if (!art)
      return c.json({ base_resp: { ret: -2, errmsg: 'invalid args' }, appmsgstat: { show: false, ret: -2 } });
    const n = world.counts(art);
    return c.json({
      advertisement_num: 0,
      advertisement_info: [],
      appmsgstat: {
        show: true,
        is_login: true,
        liked: false,
        read_num: n.read,
        like_num: n.looking,
        old_like_num: n.zan,
        share_num: n.share,
        ret: 0,
        real_read_num: 0,
      },
      comment_enabled: 1,
      comment_count: n.comment,
      base_resp: { ret: 0, errmsg: 'ok' },
    });
  });

  app.get('/s', (c) => {
    const art = articleFrom(world, c.req.query());
    if (!art) return c.html('<p>该内容已被发布者删除</p>', 404);
    const a = world.account(art.biz) as SimAccount;
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    return c.html(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(art.title)}</title>
<meta property="og:title" content="${esc(art.title)}"><meta property="og:description" content="${esc(art.digest)}"></head>
<body><h1 id="activity-name">${esc(art.title)}</h1><a id="js_name">${esc(a.name)}</a>
<div id="js_content"><p>${esc(art.digest)}</p><p>（演示数据：本文由内置模拟器生成。）</p></div>
<script>var biz = "${art.biz}"; var mid = "${art.msgid}"; var idx = "${art.idx}"; var sn = "${art.sn}";
var ct = "${art.createTime}"; var nickname = htmlDecode("${esc(a.name)}"); var user_name = "${a.ghId}";
var msg_title = '${esc(art.title)}'.html(false); var copyright_stat = "${art.copyrightStat}";
var msg_source_url = '${art.sourceUrl}';</script></body></html>`);
  });

  app.get('/mmhead/:biz/:size', (c) => {
    const a = world.account(c.req.param('biz'));
    if (!a) return c.body(null, 404);
    const hue = a.mid % 360;
    const ch = a.name.slice(0, 1).replace(/[&<>]/g, '');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132"><rect width="132" height="132" rx="66" fill="hsl(${hue},55%,48%)"/><text x="66" y="84" font-size="56" text-anchor="middle" fill="#fff" font-family="Noto Sans CJK SC, sans-serif">${ch}</text></svg>`;
    return c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
  });

  return app;
}

function appmsgex(art: SimArticle, base: string) {
  return {
    aid: art.aid,
    appmsgid: art.msgid,
    itemidx: art.idx,
    title: art.title,
    digest: art.digest,
    author_name: art.author,
    link: `${base}/s?__biz=${encodeURIComponent(art.biz)}&mid=${art.msgid}&idx=${art.idx}&sn=${art.sn}#rd`,
    cover: `${base}/mmhead/${encodeURIComponent(art.biz)}/0`,
    create_time: art.createTime,
    update_time: art.createTime,
    copyright_stat: art.copyrightStat,
    copyright_type: art.copyrightStat === 11 ? 1 : 0,
    item_show_type: 0,
    is_deleted: false,
    checking: 0,
    ban_flag: 0,
    source_url: art.sourceUrl,
  };
}

function articleFrom(world: SimWorld, q: Record<string, string>): SimArticle | undefined {
  const msgid = Number(q.mid);
  const idx = Number(q.idx);
  if (!q.__biz || !Number.isInteger(msgid) || !Number.isInteger(idx)) return undefined;
  const art = world.findArticle(q.__biz, msgid, idx);
  return art && (q.sn === undefined || q.sn === art.sn) ? art : undefined;
}

export interface RunningSimulator {
  url: string;
  world: SimWorld;
  close(): Promise<void>;
}

/** Starts the simulator's HTTP server on loopback (port 0 picks a free port). */
export async function startSimulator(
  opts: WorldOptions & { host: string; port: number },
  log: Logger,
): Promise<RunningSimulator> {
  const world = new SimWorld(opts);
  const app = createSimulatorApp(world);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, (info) => {
      const url = `http://${opts.host}:${info.port}`;
      log.info({ url, accounts: world.accounts.length, seed: opts.seed }, 'wechat simulator listening');
      resolve({
        url,
        world,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
    server.once('error', reject);
  });
}
