import { GROUP_LIMITS } from '../contract/shapes/groups';
import type { MemberDb } from '../postgres/db';

/**
 * Account groups (分组) with favourited accounts, and article collection groups with collected articles.
 * Every statement is scoped by user_id, so one member can never read or change another's groups.
 */
export type GroupKind = 'account' | 'article';
const TABLE: Record<GroupKind, { groups: string; items: string }> = {
  account: { groups: 'account_groups', items: 'account_favorites' },
  article: { groups: 'article_groups', items: 'article_favorites' },
};

export interface GroupRow {
  id: number;
  name: string;
  top: number;
  count: number;
  created_at: string;
}

export class Groups {
  constructor(private db: MemberDb) {}

  async list(kind: GroupKind, userId: number): Promise<GroupRow[]> {
    const t = TABLE[kind];
    const rows = await this.db.query<GroupRow>(
      `SELECT g.id, g.name, (g.top_at IS NOT NULL)::int AS top,
              (SELECT count(*)::int FROM ${t.items} i WHERE i.group_id = g.id) AS count,
              to_char(g.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM ${t.groups} g WHERE g.user_id = $1
       ORDER BY g.top_at DESC NULLS LAST, g.id`,
      [userId],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async get(
    kind: GroupKind,
    userId: number,
    groupId: number,
  ): Promise<{ id: number; name: string } | undefined> {
    const [g] = await this.db.query<{ id: number; name: string }>(
      `SELECT id, name FROM ${TABLE[kind].groups} WHERE id = $1 AND user_id = $2`,
      [groupId, userId],
    );
    return g ? { id: Number(g.id), name: g.name } : undefined;
  }

  /** Creates a group unless the member has the name already or reached the limit. */
  async add(kind: GroupKind, userId: number, name: string): Promise<{ id: number } | 'exists' | 'limit'> {
    const t = TABLE[kind];
    return this.db.transaction(async (tx) => {
      // Serialise one member's group creations so the limit and the name check hold under concurrency.
      await tx.query('SELECT pg_advisory_xact_lock(727274003, $1::int)', [userId % 2_147_483_647]);
      const [s] = await tx.query<{ n: number; same: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE name = $2)::int AS same FROM ${t.groups} WHERE user_id = $1`,
        [userId, name],
      );
      if ((s?.same ?? 0) > 0) return 'exists' as const;
      if ((s?.n ?? 0) >= GROUP_LIMITS.perMember) return 'limit' as const;
      const [g] = await tx.query<{ id: number }>(
        `INSERT INTO ${t.groups} (user_id, name) VALUES ($1, $2) RETURNING id`,
        [userId, name],
      );
      return { id: Number(g?.id) };
    });
  }

  async rename(kind: GroupKind, userId: number, groupId: number, name: string): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE ${TABLE[kind].groups} SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING 1`,
      [groupId, userId, name],
    );
    return r.length === 1;
  }

  async remove(kind: GroupKind, userId: number, groupId: number): Promise<string | null> {
    const [r] = await this.db.query<{ name: string }>(
      `DELETE FROM ${TABLE[kind].groups} WHERE id = $1 AND user_id = $2 RETURNING name`,
      [groupId, userId],
    );
    return r?.name ?? null;
  }

  /** Pins a group to the top, or unpins it; returns the new state. */
  async toggleTop(kind: GroupKind, userId: number, groupId: number): Promise<number | null> {
    const [r] = await this.db.query<{ top: number }>(
      `UPDATE ${TABLE[kind].groups} SET top_at = CASE WHEN top_at IS NULL THEN now() ELSE NULL END
       WHERE id = $1 AND user_id = $2 RETURNING (top_at IS NOT NULL)::int AS top`,
      [groupId, userId],
    );
    return r ? Number(r.top) : null;
  }

  /** Adds accounts to a group; returns how many were new (0: all were there already). */
  async addAccounts(userId: number, groupId: number, mids: number[]): Promise<number> {
    const r = await this.db.query(
      `INSERT INTO account_favorites (group_id, user_id, mid)
       SELECT $1, $2, m FROM unnest($3::bigint[]) AS m
       WHERE EXISTS (SELECT 1 FROM account_groups WHERE id = $1 AND user_id = $2)
       ON CONFLICT (group_id, mid) DO NOTHING RETURNING mid`,
      [groupId, userId, mids],
    );
    return r.length;
  }

  async removeAccounts(userId: number, groupId: number | null, mids: number[]): Promise<number> {
    const r = await this.db.query(
      `DELETE FROM account_favorites WHERE user_id = $1 AND ($2::bigint IS NULL OR group_id = $2) AND mid = ANY($3::bigint[])
       RETURNING mid`,
      [userId, groupId, mids],
    );
    return r.length;
  }

  async accounts(userId: number, groupId: number | null, page: number, num: number) {
    const where = 'user_id = $1 AND ($2::bigint IS NULL OR group_id = $2)';
    const [t] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM account_favorites WHERE ${where}`,
      [userId, groupId],
    );
    const rows = await this.db.query<{ group_id: number; mid: number; created_at: string }>(
      // f.created_at: the stored time, not the output string of the same name (which ties within a second).
      `SELECT group_id, mid, to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM account_favorites AS f WHERE ${where} ORDER BY f.created_at DESC, mid LIMIT $3 OFFSET $4`,
      [userId, groupId, num, (page - 1) * num],
    );
    return {
      total: t?.n ?? 0,
      rows: rows.map((r) => ({ ...r, group_id: Number(r.group_id), mid: Number(r.mid) })),
    };
  }

  /** How many distinct accounts the member favours besides `mids` (the favourite limit counts the rest). */
  async heldBesides(userId: number, mids: number[]): Promise<number> {
    const [held] = await this.db.query<{ n: number }>(
      'SELECT count(DISTINCT mid)::int AS n FROM account_favorites WHERE user_id = $1 AND NOT (mid = ANY($2::bigint[]))',
      [userId, mids],
    );
    return held?.n ?? 0;
  }

  /** Every (group, mid) of a member, for group_list_ext. */
  async allAccounts(userId: number): Promise<{ group_id: number; mid: number }[]> {
    const rows = await this.db.query<{ group_id: number; mid: number }>(
      'SELECT group_id, mid FROM account_favorites WHERE user_id = $1 ORDER BY created_at DESC',
      [userId],
    );
    return rows.map((r) => ({ group_id: Number(r.group_id), mid: Number(r.mid) }));
  }

  async collectArticle(
    userId: number,
    groupId: number,
    a: { mid: number; aid: string; wxname: string },
  ): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO article_favorites (group_id, user_id, mid, aid, wxname)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM article_groups WHERE id = $1 AND user_id = $2)
       ON CONFLICT (group_id, mid, aid) DO NOTHING RETURNING 1`,
      [groupId, userId, a.mid, a.aid, a.wxname],
    );
    return r.length === 1;
  }

  async uncollectArticle(userId: number, mid: number, aid: string): Promise<number> {
    const r = await this.db.query(
      'DELETE FROM article_favorites WHERE user_id = $1 AND mid = $2 AND aid = $3 RETURNING 1',
      [userId, mid, aid],
    );
    return r.length;
  }

  async articleGroupsOf(userId: number, mid: number, aid: string): Promise<number[]> {
    const rows = await this.db.query<{ group_id: number }>(
      'SELECT group_id FROM article_favorites WHERE user_id = $1 AND mid = $2 AND aid = $3',
      [userId, mid, aid],
    );
    return rows.map((r) => Number(r.group_id));
  }

  /** Moves a collected article into another of the member's groups (from one group, or from all). */
  async moveArticle(
    userId: number,
    a: { mid: number; aid: string },
    from: number | null,
    to: number,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx.query('SELECT 1 FROM article_groups WHERE id = $1 AND user_id = $2', [
        to,
        userId,
      ]);
      if (!target) return false;
      const moved = await tx.query<{ wxname: string }>(
        `DELETE FROM article_favorites WHERE user_id = $1 AND mid = $2 AND aid = $3 AND ($4::bigint IS NULL OR group_id = $4)
         RETURNING wxname`,
        [userId, a.mid, a.aid, from],
      );
      if (moved.length === 0) return false;
      await tx.query(
        `INSERT INTO article_favorites (group_id, user_id, mid, aid, wxname) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (group_id, mid, aid) DO NOTHING`,
        [to, userId, a.mid, a.aid, moved[0]?.wxname ?? ''],
      );
      return true;
    });
  }

  async articles(userId: number, groupId: number | null, page: number, num: number) {
    const where = 'user_id = $1 AND ($2::bigint IS NULL OR group_id = $2)';
    const [t] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM article_favorites WHERE ${where}`,
      [userId, groupId],
    );
    const rows = await this.db.query<{
      group_id: number;
      mid: number;
      aid: string;
      wxname: string;
      created_at: string;
    }>(
      `SELECT group_id, mid, aid, wxname, to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at
       FROM article_favorites AS f WHERE ${where} ORDER BY f.created_at DESC, aid LIMIT $3 OFFSET $4`,
      [userId, groupId, num, (page - 1) * num],
    );
    return {
      total: t?.n ?? 0,
      rows: rows.map((r) => ({ ...r, group_id: Number(r.group_id), mid: Number(r.mid) })),
    };
  }
}
