import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { isFromElsewhere, isOriginal } from '../core/copyright';
import type { Logger } from '../core/log';
import { articleBody, articlePage } from './article-page';
import { FAULT_MODES, type FaultRule, Faults } from './faults';
import { type RealRules, RealRulesState } from './real-rules';
import { showcaseSeries } from './showcase';
import { type SimAccount, type SimArticle, SimWorld, type WorldOptions } from './world';

/**
 * The demo upstream. It answers in the shapes of the real WeChat endpoints, so collectors crawl it
 * exactly as they would crawl WeChat:
 *   GET  /cgi-bin/searchbiz?action=search_biz&query=&begin=&count=   → {base_resp, list[], total}
 *        (an empty query lists every account: the simulator's directory)
 *   GET  /mp/profile_ext?action=getinfo&__biz=&f=json                 → the account's 账号主体 page data
 *   GET  /cgi-bin/appmsgpublish?sub=list&fakeid=&begin=&count=       → {base_resp, publish_page: "<json>"}
 *   POST /mp/getappmsgext?__biz=&mid=&idx=&sn=&f=json                 → {appmsgstat:{read_num, like_num, old_like_num}}
 *   GET  /cgi-bin/appmsg?action=list_ex&fakeid=&begin=&count=         → {base_resp, app_msg_cnt, app_msg_list[]}
 *   GET  /web/mp/articles?bookId=MP_WXS_<id>&offset=                  → WeChat Reading: {reviews[].subReviews[].review.mpInfo}
 *   POST /mp/getappmsgext?__biz=&mid=&idx=&sn=&f=json                 → {appmsgstat:{read_num, like_num, old_like_num}}
 *   GET  /s?__biz=&mid=&idx=&sn=  and  /s/<token>                      → the article page (HTML; appmsg_bar_data with a key)
 *   GET  /s?src=11&timestamp=&ver=&signature=                         → the same page by a temporary (Sogou) link; after
 *                                                                       TEMP_LINK_TTL_S a 链接已过期 page
 *   GET  /mp/wxaprofile?appid=&f=json                                 → a mini-program's profile (更多资料): name, 原始 ID, 主体
 *   POST /cgi-bin/mmfinderassistant-bin/post/post_list                 → video account (视频号) posts
 *   GET  /mmhead/:biz/0                                                → the avatar (SVG)
 *   POST /web/login/getuid, /web/login/getinfo, /web/login/weblogin,
 *        /web/login/renewal, /mp/shelf/addToShelf                       → WeChat Reading's QR login, daily renewal, shelf
 *   POST /fbmain/monitor/v3/post_history | read_zan_pro | article_html → the paid data API (极致了-shaped, key in body)
 * and, for tests and evaluation only (never part of the WeChat-shaped answers):
 *   GET/POST/DELETE /__sim/faults   fault injection; GET /__sim/labels  fake-traffic ground truth;
 *   GET  /__sim/stats               requests served, by path.
 *   GET  /__sim/showcase?days=&step=&limit=  the demo's past monitoring series (showcase.ts).
 *   GET/POST /__sim/rules           real-rules mode (real-rules.ts): {rules?, paidKeys?: {key: 分}, ban?: vid};
 *   POST /__sim/weread/scan?uid=    the phone scans a WeChat Reading login QR (test and demo hook).
 */
export function createSimulatorApp(
  world: SimWorld,
  faults = new Faults(),
  rules = new RealRulesState(() => world.now()),
): Hono {
  const app = new Hono();
  const ok = { ret: 0, err_msg: 'ok' };
  const origin = (url: string) => new URL(url).origin;
  const served = new Map<string, number>();

  app.get('/__sim/faults', (c) => c.json({ rules: faults.list(), injected: faults.injected }));
  app.post('/__sim/faults', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { rules?: FaultRule[] } | null;
    const rules = body?.rules;
    if (!Array.isArray(rules) || rules.some((r) => !FAULT_MODES.includes(r?.mode)))
      return c.json({ error: `rules: [{mode: ${FAULT_MODES.join('|')}, path?, credential?, times?}]` }, 400);
    faults.set(rules);
    return c.json({ rules: faults.list() });
  });
  app.delete('/__sim/faults', (c) => {
    faults.clear();
    return c.json({ rules: [] });
  });
  app.get('/__sim/labels', (c) => c.json({ fake: world.fakeLabels() }));
  app.get('/__sim/showcase', (c) => {
    const num = (name: string, fallback: number, max: number) => {
      const n = Number(c.req.query(name) ?? fallback);
      return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
    };
    return c.json(
      showcaseSeries(world, {
        days: num('days', 3, 3),
        stepS: num('step', 300, 3600),
        limit: num('limit', 160, 1000),
      }),
    );
  });
  app.get('/__sim/stats', (c) => c.json({ served: Object.fromEntries(served) }));
  app.get('/__sim/rules', (c) => c.json(rules.report()));
  app.post('/__sim/rules', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      rules?: Partial<RealRules>;
      paidKeys?: Record<string, number>;
      ban?: string;
    } | null;
    if (!body || typeof body !== 'object') return c.json({ error: 'body: {rules?, paidKeys?, ban?}' }, 400);
    if (body.rules) rules.set(body.rules);
    for (const [k, fen] of Object.entries(body.paidKeys ?? {})) rules.addPaidKey(k, Number(fen) || 0);
    if (body.ban) rules.ban(body.ban);
    return c.json(rules.report());
  });
  app.post('/__sim/weread/scan', (c) => {
    const vid = rules.scan(c.req.query('uid') ?? '');
    return vid ? c.json({ vid }) : c.json({ error: 'unknown uid' }, 404);
  });

  // Every WeChat-shaped route: counted, then answered by a fault rule if one matches.
  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/__sim/')) return next();
    served.set(path, (served.get(path) ?? 0) + 1);
    const rule = faults.match(path, c.req.url, c.req.header('cookie') ?? '');
    if (!rule) return next();
    const weread = path.startsWith('/web/mp/');
    switch (rule.mode) {
      case 'freq':
        return weread
          ? c.json({ errCode: -2041, errMsg: '操作过于频繁' })
          : c.json({ base_resp: { ret: 200013, err_msg: 'freq control' } });
      case 'expired':
        if (weread) return c.json({ errCode: -2012, errMsg: '登录超时' });
        // The client route answers a lost session as real WeChat does: ret -3 in base_resp and at the top.
        if (path === '/mp/getappmsgext')
          return c.json({
            base_resp: { ret: -3, errmsg: 'no session', cookie_count: 0 },
            ret: -3,
            errmsg: 'no session',
            cookie_count: 0,
          });
        return c.json({ base_resp: { ret: 200003, err_msg: 'invalid session' } });
      case 'server_error':
        return c.text('upstream unavailable', (rule.status ?? 503) as 503);
      case 'hang':
        await faults.hang();
        return c.text('released', 503);
      case 'body':
        return c.body(rule.body ?? '', 200, { 'content-type': 'application/json' });
    }
  });

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
    // The directory lists only listed accounts; a name search finds every account (收录 by name).
    const hits = query
      ? world.allAccounts().filter((a) => a.name.includes(query) || a.alias === query)
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
      finder_username: a.finder?.username ?? '',
      qrcode: `https://open.weixin.qq.com/qr/code?username=${a.ghId}`,
    });
  });

  // Since 2026-07-30 the back office refuses lists of other people's accounts (every account here is another's).
  const closed = () => rules.rules.enabled && rules.rules.backOfficeClosed;
  const freqControl = { base_resp: { ret: 200013, err_msg: 'freq control' } };
  app.get('/cgi-bin/appmsgpublish', (c) => {
    if (closed()) return c.json(freqControl);
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

  // The older back-office list: one item per article, paged by article.
  app.get('/cgi-bin/appmsg', (c) => {
    if (closed()) return c.json(freqControl);
    const a = world.account(c.req.query('fakeid') ?? '');
    if (c.req.query('action') !== 'list_ex' || !a)
      return c.json({ base_resp: { ret: 200002, err_msg: 'invalid args' } });
    const begin = Math.max(0, Number(c.req.query('begin') ?? 0) || 0);
    const count = Math.min(20, Math.max(1, Number(c.req.query('count') ?? 5) || 5));
    const base = origin(c.req.url);
    const all = world.pushes(a).flatMap((p) => p.articles);
    return c.json({
      base_resp: ok,
      app_msg_cnt: all.length,
      app_msg_list: all.slice(begin, begin + count).map((art) => {
        const x = appmsgex(art, base);
        return {
          aid: x.aid,
          appmsgid: x.appmsgid,
          itemidx: x.itemidx,
          title: x.title,
          digest: x.digest,
          author_name: x.author_name,
          link: x.link,
          cover: x.cover,
          create_time: x.create_time,
          update_time: x.update_time,
          copyright_type: x.copyright_type,
          item_show_type: x.item_show_type,
          is_pay_subscribe: 0,
        };
      }),
    });
  });

  // WeChat Reading: an account is the book MP_WXS_<decimal id>; 20 push groups per page by offset.
  app.get('/web/mp/articles', (c) => {
    const m = /^MP_WXS_(\d+)$/.exec(c.req.query('bookId') ?? '');
    const a = m ? world.allAccounts().find((x) => x.mid === Number(m[1])) : undefined;
    if (!a) return c.json({ errCode: -2010, errMsg: '书籍不存在' });
    if (rules.rules.enabled) {
      const k = cookies(c.req.header('cookie'));
      const refused = rules.judgeReading(k.wr_vid ?? '', k.wr_skey ?? '', ipOf(c), `MP_WXS_${a.mid}`);
      if (refused) return c.json(refused);
    }
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0);
    const base = origin(c.req.url);
    const pushes = world.pushes(a);
    return c.json({
      reviews: pushes.slice(offset, offset + 20).map((p) => ({
        reviewId: `${a.mid}_${p.msgid}`,
        createTime: p.time,
        subReviews: p.articles.map((art) => ({
          review: {
            reviewId: `MP_WXS_${a.mid}_${art.msgid}_${art.idx}`,
            createTime: art.createTime,
            belongBookId: `MP_WXS_${a.mid}`,
            mpInfo: {
              mpName: a.name,
              title: art.title,
              content: art.digest,
              pic_url: `${base}/mmhead/${encodeURIComponent(a.biz)}/0`,
              doc_url: appmsgex(art, base).link,
              time: art.createTime,
              originalId: a.ghId,
            },
          },
        })),
      })),
      totalCount: pushes.length,
      hasMore: offset + 20 < pushes.length ? 1 : 0,
    });
  });

  // 视频号 (video account) posts, in the shape of the 视频号助手 post list.
  app.post('/cgi-bin/mmfinderassistant-bin/post/post_list', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      finderUsername?: string;
      pageSize?: number;
      currentPage?: number;
    };
    const a = world.allAccounts().find((x) => x.finder && x.finder.username === body.finderUsername);
    const f = a?.finder;
    if (!a || !f) return c.json({ errCode: 300330, errMsg: 'finder not found', data: null });
    const size = Math.min(50, Math.max(1, Number(body.pageSize) || 20));
    const page = Math.max(1, Number(body.currentPage) || 1);
    const posts = world.videoPosts(a);
    const base = origin(c.req.url);
    const head = `${base}/mmhead/${encodeURIComponent(a.biz)}/0`;
    return c.json({
      errCode: 0,
      errMsg: 'request successful',
      data: {
        totalCount: posts.length,
        list: posts.slice((page - 1) * size, page * size).map((v) => {
          const n = world.videoCounts(v);
          return {
            objectId: v.objectId,
            createTime: v.createTime,
            desc: {
              description: v.description,
              mediaType: 4,
              media: [
                {
                  url: `https://finder.video.qq.com/251/20302/stodownload?encfilekey=${v.objectId}`,
                  thumbUrl: head,
                  coverUrl: head,
                  videoPlayLen: v.durationS,
                  width: 1080,
                  height: 1920,
                  mediaType: 4,
                },
              ],
            },
            // The post's author: the video account itself.
            contact: {
              username: f.username,
              nickname: f.nickname,
              headUrl: head,
              signature: a.signature,
            },
            readCount: n.read,
            likeCount: n.like,
            commentCount: n.comment,
            forwardCount: n.forward,
            favCount: n.fav,
          };
        }),
      },
    });
  });

  const noSession = {
    base_resp: { ret: -3, errmsg: 'no session', cookie_count: 0 },
    ret: -3,
    errmsg: 'no session',
    cookie_count: 0,
  };
  app.post('/mp/getappmsgext', async (c) => {
    if (rules.rules.enabled && !rules.clientKeyLive(c.req.query('key') ?? '')) return c.json(noSession);
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
        version: 1,
        prompted: 1,
        like_disabled: false,
        style: 1,
        video_pv: 0,
        video_uv: 0,
        friend_like_num: 0,
      },
      comment_enabled: 1,
      comment_count: n.comment,
      reward_head_imgs: [],
      only_fans_can_comment: false,
      is_fans: 1,
      friend_comment_enabled: 1,
      more_read_list: [],
      friend_subscribe_count: 0,
      related_tag_article: [],
      original_article_count: 0,
      // As real answers carry it: the wxtoken beside ret (2018 answers have the wxtoken alone).
      base_resp: { ret: 0, errmsg: 'ok', wxtoken: 777 },
    });
  });

  // WeChat Reading web login: a QR for a uid, the phone confirms, the poll returns the login, weblogin sets cookies.
  app.post('/web/login/getuid', (c) => c.json({ uid: rules.newQr() }));
  app.post('/web/login/getinfo', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { uid?: string };
    const l = rules.loginInfo(String(body.uid ?? ''));
    if (l === undefined) return c.json({ errCode: -2013, errMsg: '二维码已失效' });
    if (l === null) return c.json({ succ: 0 });
    return c.json({ succ: 1, vid: Number(l.vid), skey: l.skey, rt: l.rt, name: `读者${l.vid}` });
  });
  app.post('/web/login/weblogin', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { vid?: number | string; skey?: string };
    const l = rules.login(String(body.vid ?? ''));
    if (!l || l.skey !== body.skey) return c.json({ errCode: -2012, errMsg: '登录超时' });
    c.header('set-cookie', `wr_vid=${l.vid}; Path=/`, { append: true });
    c.header('set-cookie', `wr_skey=${l.skey}; Path=/`, { append: true });
    c.header('set-cookie', `wr_rt=${l.rt}; Path=/`, { append: true });
    return c.json({ vid: Number(l.vid), accessToken: l.skey, refreshToken: l.rt });
  });
  app.post('/web/login/renewal', (c) => {
    const k = cookies(c.req.header('cookie'));
    const l = rules.renew(k.wr_vid ?? '', k.wr_rt ?? '');
    if (!l) return c.json({ errCode: -2012, errMsg: '登录超时' });
    c.header('set-cookie', `wr_skey=${l.skey}; Path=/`);
    return c.json({ succ: 1 });
  });
  app.post('/mp/shelf/addToShelf', async (c) => {
    const k = cookies(c.req.header('cookie'));
    const l = rules.login(k.wr_vid ?? '');
    if (rules.rules.enabled && (!l || l.skey !== k.wr_skey))
      return c.json({ errCode: -2012, errMsg: '登录超时' });
    const body = (await c.req.json().catch(() => ({}))) as { bookIds?: unknown };
    const ids = Array.isArray(body.bookIds)
      ? body.bookIds.filter((x): x is string => typeof x === 'string')
      : [];
    for (const id of ids) l?.shelf.add(id);
    return c.json({ succ: 1 });
  });

  // The paid data API, in the shapes of 极致了 (dajiala.com fbmain/monitor/v3; docs/collectors.md): key in the body.
  const paid = async (c: Context, kind: 'history' | 'counts' | 'article') => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const key = String(body.key ?? '');
    const charge = rules.rules.enabled
      ? rules.paidCall(key, kind)
      : { code: key ? 0 : 20001, msg: key ? '成功' : '余额不足或 key 无效', cost: 0, remain: 1000 };
    return { body, charge };
  };
  app.post('/fbmain/monitor/v3/post_history', async (c) => {
    const { body, charge } = await paid(c, 'history');
    if (charge.code !== 0)
      return c.json({
        code: charge.code,
        msg: charge.msg,
        cost_money: charge.cost,
        remain_money: charge.remain,
      });
    const a = world.account(String(body.biz ?? ''));
    if (!a)
      return c.json({ code: 105, msg: '找不到公众号', cost_money: charge.cost, remain_money: charge.remain });
    const page = Math.max(1, Number(body.page) || 1);
    const pushes = world.pushes(a);
    const slice = pushes.slice((page - 1) * 5, page * 5);
    if (slice.length === 0)
      return c.json({ code: 110, msg: '翻页无文章', cost_money: charge.cost, remain_money: charge.remain });
    const base = origin(c.req.url);
    return c.json({
      code: 0,
      msg: '成功',
      data: slice.flatMap((p) =>
        p.articles.map((art) => ({
          position: art.idx,
          url: appmsgex(art, base).link,
          title: art.title,
          digest: art.digest,
          cover_url: `${base}/mmhead/${encodeURIComponent(a.biz)}/0`,
          post_time: art.createTime,
          post_time_str: new Date((art.createTime + 8 * 3600) * 1000)
            .toISOString()
            .slice(0, 19)
            .replace('T', ' '),
          original: isOriginal(art.copyrightStat) ? 1 : 0,
          is_deleted: '0',
        })),
      ),
      total_num: pushes.length,
      total_page: Math.ceil(pushes.length / 5),
      now_page: page,
      cost_money: charge.cost,
      remain_money: charge.remain,
    });
  });
  /** A paid call about one article by any of its links: the answer to send (refused, or `missing`), or the article. */
  const paidArticle = async (c: Context, kind: 'counts' | 'article', missing: Record<string, unknown>) => {
    const { body, charge } = await paid(c, kind);
    const money = { cost_money: charge.cost, remain_money: charge.remain };
    if (charge.code !== 0) return { answer: c.json({ code: charge.code, msg: charge.msg, ...money }) };
    let art: SimArticle | undefined;
    try {
      const u = new URL(String(body.url ?? '').replace(/&amp;/g, '&'));
      const short = /^\/s\/([A-Za-z0-9_-]+)$/.exec(u.pathname);
      art = short?.[1]
        ? world.byShortToken(short[1])
        : articleFrom(world, Object.fromEntries(u.searchParams));
    } catch {
      art = undefined;
    }
    if (!art) return { answer: c.json({ code: 101, ...missing, ...money }) };
    return { art, charge };
  };
  app.post('/fbmain/monitor/v3/read_zan_pro', async (c) => {
    const r = await paidArticle(c, 'counts', { msg: '文章已删除或链接错误' });
    if (!r.art) return r.answer;
    const { art, charge } = r;
    const n = world.counts(art);
    return c.json({
      code: 0,
      msg: '成功',
      data: { read: n.read, zan: n.zan, looking: n.looking, share_num: n.share, comment_count: n.comment },
      cost_money: charge.cost,
      remain_money: charge.remain,
    });
  });

  // The article's detail by any of its links: its body as #js_content holds it, with the account's and the article's
  // fields (极致了 article_html; docs/collectors.md).
  app.post('/fbmain/monitor/v3/article_html', async (c) => {
    const r = await paidArticle(c, 'article', { msg: '文章被删除或违规或公众号已迁移', content_text: '' });
    if (!r.art) return r.answer;
    const { art, charge } = r;
    const a = world.account(art.biz) as SimAccount;
    const base = origin(c.req.url);
    return c.json({
      code: 0,
      msk: '成功',
      cost_money: charge.cost,
      remain_money: charge.remain,
      data: {
        title: art.title,
        biz: art.biz,
        article_url: appmsgex(art, base).link,
        mp_head_img: `${base}/mmhead/${encodeURIComponent(a.biz)}/0`,
        cover_url: `${base}/mmhead/${encodeURIComponent(a.biz)}/0`,
        nickname: a.name,
        post_time: art.createTime,
        post_time_str: new Date((art.createTime + 8 * 3600) * 1000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' '),
        gh_id: a.ghId,
        wxid: a.alias,
        source_url: art.sourceUrl,
        signature: a.signature,
        author: art.author,
        desc: art.digest,
        copyright: isOriginal(art.copyrightStat) ? 1 : 0,
        html: art.itemShowType === 0 ? articleBody(a, art) : '',
        ip_wording: a.area,
      },
    });
  });

  const page = (art: SimArticle | undefined, url: string, key: string | undefined) => {
    if (!art) return null;
    const a = world.account(art.biz) as SimAccount;
    // Counters appear on the page only for a client session (a key), as on WeChat.
    return articlePage(a, art, origin(url), key ? world.counts(art) : null);
  };
  app.get('/s', (c) => {
    const q = c.req.query();
    // A temporary link carries no identity, only a signature the upstream resolves (or finds expired).
    if (q.src && q.signature && !q.__biz) {
      const t = world.byTemporaryLink(Number(q.timestamp), q.signature);
      if (t.article) return c.html(page(t.article, c.req.url, q.key) as string);
      return c.html(
        `<div class="weui-msg"><p class="weui-msg__title warn">${t.expired ? '链接已过期' : '参数错误'}</p></div>`,
      );
    }
    const html = page(articleFrom(world, q), c.req.url, q.key);
    return html ? c.html(html) : c.html('<p>该内容已被发布者删除</p>', 404);
  });
  app.get('/s/:token', (c) => {
    const html = page(world.byShortToken(c.req.param('token')), c.req.url, c.req.query('key'));
    return html ? c.html(html) : c.html('<p>该内容已被发布者删除</p>', 404);
  });

  app.get('/mp/wxaprofile', (c) => {
    const m = world.miniProgram(c.req.query('appid') ?? '');
    if (!m) return c.json({ base_resp: { ret: -1, err_msg: 'invalid appid' } });
    return c.json({
      base_resp: ok,
      appid: m.appid,
      nickname: m.title,
      username: m.username,
      principal_name: m.owner,
      signature: m.desc,
      head_img: m.icon,
    });
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
    // The back office's numbers: copyright_stat 1 original, 2 reprint or share; copyright_type 1 original.
    copyright_stat: isOriginal(art.copyrightStat) ? 1 : isFromElsewhere(art.copyrightStat) ? 2 : 0,
    copyright_type: isOriginal(art.copyrightStat) ? 1 : 0,
    item_show_type: art.itemShowType,
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

/** A Cookie header's name=value pairs. */
function cookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** The requester's IP: the egress a daily per-IP budget counts (the socket's peer). */
function ipOf(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

export interface RunningSimulator {
  url: string;
  world: SimWorld;
  faults: Faults;
  rules: RealRulesState;
  close(): Promise<void>;
}

/** Starts the simulator's HTTP server on loopback (port 0 picks a free port). */
export async function startSimulator(
  opts: WorldOptions & { host: string; port: number },
  log: Logger,
): Promise<RunningSimulator> {
  const world = new SimWorld(opts);
  const faults = new Faults();
  const rules = new RealRulesState(() => world.now());
  const app = createSimulatorApp(world, faults, rules);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: opts.host, port: opts.port }, (info) => {
      const url = `http://${opts.host}:${info.port}`;
      log.info({ url, accounts: world.accounts.length, seed: opts.seed }, 'wechat simulator listening');
      resolve({
        url,
        world,
        faults,
        rules,
        close: () =>
          new Promise<void>((r) => {
            faults.clear();
            server.close(() => r());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', reject);
  });
}
