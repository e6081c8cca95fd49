import type { Context } from 'hono';
import { z } from 'zod';
import { contract } from '../../contract';
import type { Call } from '../../contract/define';
import { firstMessage } from '../../contract/member-fields';
import { M, MemberCodes } from '../../contract/member-texts';
import {
  GROUP_LIMITS,
  type groupCreated,
  type groupIdInput,
  type groupNameInput,
  type groupRenameInput,
  type groupTop,
} from '../../contract/shapes/groups';
import { accountsByMid, articlesByKey } from '../../members/catalog';
import { type GroupKind, Groups } from '../../members/groups';
import { favoriteLimit } from '../../members/membership';
import { clearSearchRecords, searchRecords } from '../../members/search-records';
import type { ApiDeps } from '../deps';
import { Codes, fail } from '../envelope';
import { handle, type Mounted, type Refusals, said } from '../http/mount';
import { accountsFigures } from '../queries/brands';
import { lastPublished } from '../queries/owners';
import { me, memberForm } from './orders';

const { search } = contract;

/** An error_code entry of a member call, whichever group kind it names. */
type MemberCall<I extends z.ZodType, O extends z.ZodType> = Call<I, O> & { envelope: 'error_code' };

/** The favourites page shows each account's figures over the last 7 days, as the brand pages count them. */
const FAVORITE_DAYS = 7;

/**
 * favorite_article_option GET reads one article's state when aid and mid are valid, else the page of collected
 * articles: when neither reads, the refusal is the page's (the union's last option), as a member form answers.
 */
const collectedRefusal: Refusals = {
  invalid: (c, e) => {
    const first = e.issues[0];
    const listIssues = first?.code === 'invalid_union' ? first.errors.at(-1) : undefined;
    return fail(c, 400, Codes.BAD_INPUT, firstMessage(listIssues ? new z.ZodError(listIssues) : e));
  },
};

/**
 * A member's account groups and favourite accounts (group_*, favorite_*, favorite_figures), article collection
 * groups and collected articles (collect_group_*, favorite_article_option, move_article_collect), and search
 * records (search_record, delete_history; written by the searches, members/search-records.ts). Groups of both
 * kinds answer alike; every statement is the member's own (members/groups.ts).
 */
export function groupHandlers(deps: ApiDeps): Mounted[] {
  const db = deps.members.db;
  const groups = new Groups(db);
  const bad = (c: Context, msg: string) => fail(c, 400, Codes.BAD_INPUT, msg);
  const noGroup = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.GROUP_NOT_FOUND);
  const notFound = (c: Context) => fail(c, 404, Codes.NOT_FOUND, M.NOT_FOUND);

  /** The calls both kinds of group share (account: group_*, article: collect_group_*). */
  const groupCalls = (
    kind: GroupKind,
    calls: {
      add: MemberCall<typeof groupNameInput, typeof groupCreated>;
      rename: MemberCall<typeof groupRenameInput, z.ZodUndefined>;
      remove: MemberCall<typeof groupIdInput, z.ZodUndefined>;
      top: MemberCall<typeof groupIdInput, typeof groupTop>;
    },
  ): Mounted[] => [
    handle(
      calls.add,
      async ({ name }, c) => {
        const r = await groups.add(kind, me(c).id, name);
        if (r === 'exists') return bad(c, '分组名称已存在');
        if (r === 'limit') return bad(c, `最多创建${GROUP_LIMITS.perMember}个分组`);
        return said(M.CREATED, { group_id: r.id, id: r.id, name });
      },
      memberForm,
    ),
    handle(
      calls.rename,
      async (f, c) =>
        (await groups.rename(kind, me(c).id, f.group_id, f.name)) ? said(M.UPDATED) : noGroup(c),
      memberForm,
    ),
    handle(
      calls.remove,
      async ({ group_id }, c) => {
        const name = await groups.remove(kind, me(c).id, group_id);
        return name === null ? noGroup(c) : said(`“${name}”${M.DELETED}`);
      },
      memberForm,
    ),
    handle(
      calls.top,
      async ({ group_id }, c) => {
        const top = await groups.toggleTop(kind, me(c).id, group_id);
        if (top === null) return noGroup(c);
        return said(top ? '置顶成功' : '已取消置顶', { top });
      },
      memberForm,
    ),
  ];

  return [
    ...groupCalls('account', {
      add: search.groupAdd,
      rename: search.groupRename,
      remove: search.groupDelete,
      top: search.groupTop,
    }),
    ...groupCalls('article', {
      add: search.collectGroupAdd,
      rename: search.collectGroupRename,
      remove: search.collectGroupDelete,
      top: search.collectGroupTop,
    }),

    handle(search.groupList, async (_, c) =>
      (await groups.list('account', me(c).id)).map((g) => ({
        group_id: g.id,
        id: g.id,
        name: g.name,
        top: g.top,
        count: g.count,
      })),
    ),

    handle(search.groupListExt, async (_, c) => {
      const userId = me(c).id;
      const [list, items] = await Promise.all([groups.list('account', userId), groups.allAccounts(userId)]);
      const info = await accountsByMid(
        deps.store,
        items.map((i) => i.mid),
      );
      return list.map((g) => ({
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
      }));
    }),

    handle(
      search.favoriteAdd,
      async ({ group_id, mids }, c) => {
        const m = me(c);
        if (!(await groups.get('account', m.id, group_id))) return noGroup(c);
        const known = await accountsByMid(deps.store, mids);
        if (mids.some((x) => !known.has(x))) return fail(c, 404, Codes.NOT_FOUND, '公众号不存在或尚未收录');
        if ((await groups.heldBesides(m.id, mids)) + mids.length > favoriteLimit(m))
          return fail(c, 403, MemberCodes.LEVEL_INSUFFICIENT, M.LEVEL_INSUFFICIENT);
        const added = await groups.addAccounts(m.id, group_id, mids);
        if (added === 0) return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, M.ALREADY_IN_GROUP);
        return said(M.ADDED, { added });
      },
      memberForm,
    ),

    handle(
      search.favoriteList,
      async (q, c) => {
        const { total, rows } = await groups.accounts(me(c).id, q.group_id ?? null, q.page, q.num);
        const info = await accountsByMid(
          deps.store,
          rows.map((r) => r.mid),
        );
        return {
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
        };
      },
      memberForm,
    ),

    handle(
      search.favoriteDelete,
      async (f, c) => {
        const removed = await groups.removeAccounts(me(c).id, f.group_id ?? null, f.mids);
        return removed === 0 ? notFound(c) : said(M.DELETED, { removed });
      },
      memberForm,
    ),

    handle(search.favoriteFigures, async (_, c) => {
      const userId = me(c).id;
      const [list, items] = await Promise.all([groups.list('account', userId), groups.allAccounts(userId)]);
      const names = new Map(list.map((g) => [g.id, g.name]));
      // One row per account, newest favourite first, with every group that holds it.
      const byMid = new Map<number, { group_id: number; name: string }[]>();
      for (const i of items) {
        const held = byMid.get(i.mid) ?? [];
        held.push({ group_id: i.group_id, name: names.get(i.group_id) ?? '' });
        byMid.set(i.mid, held);
      }
      const mids = [...byMid.keys()];
      const [figures, last] = await Promise.all([
        accountsFigures(deps.store, mids, deps.clock.now(), FAVORITE_DAYS),
        lastPublished(deps.store, mids),
      ]);
      const found = new Map(figures.map((f) => [f.mid, f]));
      return {
        days: FAVORITE_DAYS,
        total: mids.length,
        list: mids.flatMap((mid) => {
          const f = found.get(mid);
          // An account no longer in the catalogue has nothing to show; group_list_ext still lists it for removal.
          return f ? [{ ...f, last_pub: last.get(mid) ?? '', groups: byMid.get(mid) ?? [] }] : [];
        }),
      };
    }),

    // --- Article collection. ---
    handle(
      search.favoriteArticleOption,
      async (q, c) => {
        const userId = me(c).id;
        if ('aid' in q) {
          const ids = await groups.articleGroupsOf(userId, q.mid, q.aid);
          return { is_favorite: ids.length > 0 ? 1 : 0, group_ids: ids };
        }
        // Without an article: the member's collected articles (optionally one group), newest first.
        const { total, rows } = await groups.articles(userId, q.group_id ?? null, q.page, q.num);
        const info = await articlesByKey(deps.store, rows);
        return {
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
        };
      },
      collectedRefusal,
    ),

    handle(
      search.favoriteArticleCollect,
      async (f, c) => {
        const userId = me(c).id;
        const g = await groups.get('article', userId, f.group_id);
        if (!g) return noGroup(c);
        const known = await articlesByKey(deps.store, [f]);
        if (!known.has(`${f.mid}:${f.aid}`)) return fail(c, 404, Codes.NOT_FOUND, '文章不存在或尚未收录');
        if (!(await groups.collectArticle(userId, g.id, f)))
          return fail(c, 200, MemberCodes.ALREADY_IN_GROUP, '该文章已在分组中');
        return said(`${M.ARTICLE_COLLECTED}${g.name}`);
      },
      memberForm,
    ),

    handle(
      search.favoriteArticleUncollect,
      async (f, c) =>
        (await groups.uncollectArticle(me(c).id, f.mid, f.aid)) === 0 ? notFound(c) : said('已取消收藏'),
      memberForm,
    ),

    handle(
      search.collectGroupList,
      async ({ type }, c) =>
        (await groups.list('article', me(c).id)).map((g) =>
          // type 1 is the chooser: names only.
          type === 1
            ? { group_id: g.id, id: g.id, name: g.name }
            : {
                group_id: g.id,
                id: g.id,
                name: g.name,
                top: g.top,
                count: g.count,
                created_at: g.created_at,
              },
        ),
      memberForm,
    ),

    handle(
      search.moveArticleCollect,
      async (f, c) =>
        (await groups.moveArticle(me(c).id, f, f.from_group_id ?? null, f.group_id))
          ? said('移动成功')
          : notFound(c),
      memberForm,
    ),

    // --- Search records: written by the searches; 用户未登录 here clears the dashboard session. ---
    handle(search.searchRecord, (_, c) => searchRecords(db, me(c).id)),
    handle(search.deleteHistory, async (_, c) => {
      await clearSearchRecords(db, me(c).id);
      return said(M.DELETED);
    }),
  ];
}
