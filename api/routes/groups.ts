import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { accountsByMid, articlesByKey } from '../../members/catalog';
import { GROUP_LIMITS, type GroupKind, Groups } from '../../members/groups';
import { favoriteLimit } from '../../members/membership';
import { M, MemberCodes } from '../../members/messages';
import { optionalText } from '../../members/validation';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok } from '../envelope';
import { syncKeywordTerms } from '../keywords-query';
import { parseForm, requireMember } from '../member-session';
import { pagingInput } from './orders';

const id = (msg: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.coerce.number({ message: msg }).int(msg).positive(msg).max(Number.MAX_SAFE_INTEGER, msg),
  );
const optionalId = (msg: string) => id(msg).optional();
/** mids as a list, a comma-separated string, or repeated fields. */
const midList = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
      .map((x) => String(x).trim())
      .filter(Boolean),
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
      message: M.CHOOSE_GROUP_OR_ACCOUNT,
    })
    .min(1, M.CHOOSE_GROUP_OR_ACCOUNT)
    .max(200, '一次最多添加 200 个公众号'),
);
const groupName = optionalText(100).pipe(
  z
    .string()
    .min(1, '分组名称不能为空')
    .max(GROUP_LIMITS.nameMax, `分组名称不能超过${GROUP_LIMITS.nameMax}个字`),
);
const aid = optionalText(64).pipe(z.string().regex(/^[\w-]{1,64}$/, '文章ID (aid) 无效'));
const mid = id('公众号ID (mid) 无效');

/** Account groups, favourites, article collections, keyword subscriptions and search records (/search/v1). */
export function groupRoutes(deps: ApiDeps): Hono {
  const app = new Hono();
  const db = deps.members.db;
  const groups = new Groups(db);

  const bad = (c: Context, msg: string) => fail(c, 400, Codes.BAD_INPUT, msg);
  const noGroup = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.GROUP_NOT_FOUND);

  // --- Groups of both kinds share the same calls (account: group_*, article: collect_group_*). ---
  const groupCalls = (kind: GroupKind, prefix: string) => {
    app.post(`/${prefix}_add`, async (c) => {
      const me = requireMember(c);
      if (me instanceof Response) return me;
      const input = await parseForm(c, z.object({ name: groupName }), Codes.BAD_INPUT);
      if (!input.ok) return input.response;
      const r = await groups.add(kind, me.id, input.data.name);
      if (r === 'exists') return bad(c, '分组名称已存在');
      if (r === 'limit') return bad(c, `最多创建${GROUP_LIMITS.perMember}个分组`);
      return c.json({
        error_code: 0,
        msg: M.CREATED,
        data: { group_id: r.id, id: r.id, name: input.data.name },
      });
    });
    const rename = async (c: Context) => {
      const me = requireMember(c);
      if (me instanceof Response) return me;
      const input = await parseForm(
        c,
        z.object({ group_id: id(M.CHOOSE_GROUP), name: groupName }),
        Codes.BAD_INPUT,
      );
      if (!input.ok) return input.response;
      return (await groups.rename(kind, me.id, input.data.group_id, input.data.name))
        ? c.json({ error_code: 0, msg: M.UPDATED })
        : noGroup(c);
    };
    app.put(`/${prefix}_rename`, rename);
    app.post(`/${prefix}_rename`, rename);
    const remove = async (c: Context) => {
      const me = requireMember(c);
      if (me instanceof Response) return me;
      const input = await parseForm(c, z.object({ group_id: id(M.CHOOSE_GROUP) }), Codes.BAD_INPUT);
      if (!input.ok) return input.response;
      const name = await groups.remove(kind, me.id, input.data.group_id);
      return name === null ? noGroup(c) : c.json({ error_code: 0, msg: `“${name}”${M.DELETED}` });
    };
    app.delete(`/${prefix}_delete`, remove);
    app.post(`/${prefix}_delete`, remove);
    const top = async (c: Context) => {
      const me = requireMember(c);
      if (me instanceof Response) return me;
      const input = await parseForm(c, z.object({ group_id: id(M.CHOOSE_GROUP) }), Codes.BAD_INPUT);
      if (!input.ok) return input.response;
      const t = await groups.toggleTop(kind, me.id, input.data.group_id);
      if (t === null) return noGroup(c);
      return c.json({ error_code: 0, msg: t ? '置顶成功' : '已取消置顶', data: { top: t } });
    };
    app.get(`/${prefix}_top`, top);
    app.post(`/${prefix}_top`, top);
    app.put(`/${prefix}_top`, top);
  };
  groupCalls('account', 'group');
  groupCalls('article', 'collect_group');

  app.get('/group_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const list = await groups.list('account', me.id);
    return ok(
      c,
      list.map((g) => ({ group_id: g.id, id: g.id, name: g.name, top: g.top, count: g.count })),
    );
  });

  app.get('/group_list_ext', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const [list, items] = await Promise.all([groups.list('account', me.id), groups.allAccounts(me.id)]);
    const info = await accountsByMid(
      deps.store,
      items.map((i) => i.mid),
    );
    return ok(
      c,
      list.map((g) => ({
        group_id: g.id,
        id: g.id,
        name: g.name,
        top: g.top,
        account_list: items
          .filter((i) => i.group_id === g.id)
          .map((i) => {
            const a = info.get(i.mid);
            return {
              id: i.mid,
              mid: i.mid,
              avatar: a?.avatar ?? '',
              wx_name: a?.wxid ?? '',
              name: a?.name ?? '',
              mp_name: a?.name ?? '',
            };
          }),
      })),
    );
  });

  app.post('/favorite_add', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ group_id: id(M.CHOOSE_GROUP_OR_ACCOUNT), mids: midList }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const { group_id, mids } = input.data;
    if (!(await groups.get('account', me.id, group_id))) return noGroup(c);
    const known = await accountsByMid(deps.store, mids);
    if (mids.some((m) => !known.has(m))) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
    const [held] = await db.query<{ n: number }>(
      'SELECT count(DISTINCT mid)::int AS n FROM account_favorites WHERE user_id = $1 AND NOT (mid = ANY($2::bigint[]))',
      [me.id, mids],
    );
    if ((held?.n ?? 0) + mids.length > favoriteLimit(me))
      return fail(c, 403, MemberCodes.LEVEL_INSUFFICIENT, M.LEVEL_INSUFFICIENT);
    const added = await groups.addAccounts(me.id, group_id, mids);
    if (added === 0) return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, M.ALREADY_IN_GROUP);
    return c.json({ error_code: 0, msg: M.ADDED, data: { added } });
  });

  app.get('/favorite_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      pagingInput.extend({ group_id: optionalId('分组ID无效') }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await groups.accounts(me.id, q.group_id ?? null, q.page, q.num);
    const info = await accountsByMid(
      deps.store,
      rows.map((r) => r.mid),
    );
    return ok(c, {
      total,
      list: rows.map((r) => {
        const a = info.get(r.mid);
        return {
          group_id: r.group_id,
          id: r.mid,
          mid: r.mid,
          name: a?.name ?? '',
          mp_name: a?.name ?? '',
          wx_name: a?.wxid ?? '',
          avatar: a?.avatar ?? '',
          created_at: r.created_at,
        };
      }),
    });
  });

  const favoriteDelete = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ group_id: optionalId('分组ID无效'), mids: midList }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const n = await groups.removeAccounts(me.id, input.data.group_id ?? null, input.data.mids);
    return n === 0
      ? fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND)
      : c.json({ error_code: 0, msg: M.DELETED, data: { removed: n } });
  };
  app.post('/favorite_delete', favoriteDelete);
  app.delete('/favorite_delete', favoriteDelete);

  // --- Article collection (favorite_article_option GET/POST/DELETE). ---
  app.get('/favorite_article_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const single = await parseForm(c, z.object({ aid, mid }), Codes.BAD_INPUT);
    if (single.ok) {
      const g = await groups.articleGroupsOf(me.id, single.data.mid, single.data.aid);
      return ok(c, { is_favorite: g.length > 0 ? 1 : 0, group_ids: g });
    }
    // Without an article: the member's collected articles (optionally one group), newest first.
    const input = await parseForm(
      c,
      pagingInput.extend({ group_id: optionalId('分组ID无效') }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const q = input.data;
    const { total, rows } = await groups.articles(me.id, q.group_id ?? null, q.page, q.num);
    const info = await articlesByKey(deps.store, rows);
    return ok(c, {
      total,
      article_list: rows.map((r) => {
        const a = info.get(`${r.mid}:${r.aid}`);
        return {
          group_id: r.group_id,
          aid: r.aid,
          mid: r.mid,
          wxname: r.wxname,
          title: a?.title ?? '',
          href: a?.href ?? '',
          position: a?.idx ?? 0,
          pubtime: a?.pubtime ?? '',
          created_at: r.created_at,
        };
      }),
    });
  });

  app.post('/favorite_article_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ group_id: id(M.CHOOSE_GROUP), aid, mid, wxname: optionalText(64) }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const f = input.data;
    const g = await groups.get('article', me.id, f.group_id);
    if (!g) return noGroup(c);
    const known = await articlesByKey(deps.store, [f]);
    if (!known.has(`${f.mid}:${f.aid}`)) return fail(c, 404, Codes.NOT_FOUND, '文章不存在或尚未收录');
    if (!(await groups.collectArticle(me.id, g.id, f)))
      return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, '该文章已在分组中');
    return c.json({ error_code: 0, msg: `${M.ARTICLE_COLLECTED}${g.name}` });
  });

  app.delete('/favorite_article_option', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ aid, mid }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const n = await groups.uncollectArticle(me.id, input.data.mid, input.data.aid);
    return n === 0
      ? fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND)
      : c.json({ error_code: 0, msg: '已取消收藏' });
  });

  app.get('/collect_group_list', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ type: z.coerce.number().int().min(0).max(9).default(0) }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const list = await groups.list('article', me.id);
    // type 1 is the chooser: names only.
    return ok(
      c,
      list.map((g) =>
        input.data.type === 1
          ? { group_id: g.id, id: g.id, name: g.name }
          : { group_id: g.id, id: g.id, name: g.name, top: g.top, count: g.count, created_at: g.created_at },
      ),
    );
  });

  app.post('/move_article_collect', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(
      c,
      z.object({ aid, mid, group_id: id(M.CHOOSE_GROUP), from_group_id: optionalId('分组ID无效') }),
      Codes.BAD_INPUT,
    );
    if (!input.ok) return input.response;
    const f = input.data;
    return (await groups.moveArticle(me.id, f, f.from_group_id ?? null, f.group_id))
      ? c.json({ error_code: 0, msg: '移动成功' })
      : fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
  });

  // --- Keyword subscriptions (userkeyword GET/POST/PUT/DELETE, modify_userkeyword). ---
  const keyword = optionalText(100).pipe(z.string().min(1, '关键词不能为空').max(20, '关键词不能超过20个字'));
  // The stream processor matches the subscribed terms from ClickHouse (keyword_terms): mirror every change
  // there. PostgreSQL stays the truth; a failed mirror is logged and repaired on the member's next keyword read.
  const mirrorTerms = async (terms: string[]) => {
    try {
      await syncKeywordTerms({ store: deps.store, db, clock: deps.clock, log: deps.log }, terms);
    } catch (err) {
      deps.log.error({ err, terms }, 'keyword terms not mirrored to ClickHouse');
    }
  };
  app.get('/userkeyword', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const rows = await db.query<{ id: number; keyword: string; created_at: string }>(
      `SELECT id, keyword, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM user_keywords WHERE user_id = $1 ORDER BY id`,
      [me.id],
    );
    return ok(
      c,
      rows.map((r) => ({ ...r, id: Number(r.id) })),
    );
  });
  app.post('/userkeyword', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ keyword }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const r = await db.query<{ id: number }>(
      `INSERT INTO user_keywords (user_id, keyword)
       SELECT $1, $2 WHERE (SELECT count(*) FROM user_keywords WHERE user_id = $1) < 20
       ON CONFLICT (user_id, keyword) DO NOTHING RETURNING id`,
      [me.id, input.data.keyword],
    );
    if (!r[0]) return bad(c, '关键词已存在或已达上限（20个）');
    await mirrorTerms([input.data.keyword]);
    return c.json({ error_code: 0, msg: M.ADDED, data: { id: Number(r[0].id) } });
  });
  const modify = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ id: id('关键词ID无效'), keyword }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    try {
      // The CTE reads the row as it was before the update: the previous term may lose its last subscriber.
      const r = await db.query<{ previous: string }>(
        `WITH old AS (SELECT keyword FROM user_keywords WHERE id = $1 AND user_id = $2)
         UPDATE user_keywords SET keyword = $3 WHERE id = $1 AND user_id = $2
         RETURNING (SELECT keyword FROM old) AS previous`,
        [input.data.id, me.id, input.data.keyword],
      );
      if (!r[0]) return fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
      await mirrorTerms([r[0].previous, input.data.keyword]);
      return c.json({ error_code: 0, msg: M.UPDATED });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return bad(c, '关键词已存在');
      throw e;
    }
  };
  app.put('/userkeyword', modify);
  app.post('/modify_userkeyword', modify);
  app.delete('/userkeyword', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ id: id('关键词ID无效') }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const r = await db.query<{ keyword: string }>(
      'DELETE FROM user_keywords WHERE id = $1 AND user_id = $2 RETURNING keyword',
      [input.data.id, me.id],
    );
    if (!r[0]) return fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);
    await mirrorTerms([r[0].keyword]);
    return c.json({ error_code: 0, msg: M.DELETED });
  });

  // --- Search records: written by key_search for members; 用户未登录 here clears the dashboard session. ---
  app.get('/search_record', async (c) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    const rows = await db.query<{ kw: string; kind: string; created_at: string }>(
      // Ordered by the stored time (s.created_at), not by the output column of the same name (a string to the second).
      `SELECT kw, kind, to_char(s.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM search_records AS s WHERE user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 20`,
      [me.id],
    );
    return ok(c, rows);
  });
  const clearHistory = async (c: Context) => {
    const me = requireMember(c);
    if (me instanceof Response) return me;
    await db.query('DELETE FROM search_records WHERE user_id = $1', [me.id]);
    return c.json({ error_code: 0, msg: M.DELETED });
  };
  app.get('/delete_history', clearHistory);
  app.post('/delete_history', clearHistory);

  return app;
}

/** A member's search history holds the newest this many distinct (kind, keyword) pairs. */
const SEARCH_RECORDS_KEPT = 200;

/**
 * Records a member's search: a repeat moves its time (one row per kind and keyword, see migration 0114); only a
 * new keyword adds a row, and then the oldest past the newest 200 go.
 */
export async function recordSearch(
  db: ApiDeps['db'],
  userId: number,
  kw: string,
  kind: string,
): Promise<void> {
  if (!kw) return;
  const [row] = await db.query<{ added: boolean }>(
    `INSERT INTO search_records (user_id, kw, kind) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, kind, kw) DO UPDATE SET created_at = now()
     RETURNING (xmax = 0) AS added`,
    [userId, kw, kind],
  );
  if (!row?.added) return;
  await db.query(
    `DELETE FROM search_records WHERE id IN
       (SELECT id FROM search_records WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)`,
    [userId, SEARCH_RECORDS_KEPT],
  );
}
