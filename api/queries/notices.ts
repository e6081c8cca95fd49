import type { Notice, NoticePage, NoticeUpdate } from '../../contract/shapes/notices';
import type { ApiDeps } from '../deps';

/** 网站公告 in PostgreSQL: the public reads (published only) and the admins' editing. */

type Db = ApiDeps['db'];

export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  pinned: boolean;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export const NOTICE_COLUMNS = `id, title, content, pinned, published,
  to_char(published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS published_at,
  to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
  to_char(updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS updated_at`;

const SUMMARY_CHARS = 120;

/** A notice as answered; `full` adds its content (detail, admins' list). */
export const noticeView = (r: NoticeRow, full: boolean): Notice => ({
  id: Number(r.id),
  title: r.title,
  ...(full ? { content: r.content } : {}),
  summary: r.content.replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS),
  pinned: r.pinned ? 1 : 0,
  published: r.published ? 1 : 0,
  published_at: r.published_at,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Published notices, pinned first, newest first. */
export async function publishedNotices(db: Db, page: number, num: number): Promise<NoticePage> {
  const [t] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices WHERE published');
  const rows = await db.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM notices WHERE published
     ORDER BY pinned DESC, published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [num, (page - 1) * num],
  );
  return { total: t?.n ?? 0, list: rows.map((r) => noticeView(r, false)) };
}

/** One published notice with its content, or null. */
export async function publishedNotice(db: Db, id: number): Promise<Notice | null> {
  const [r] = await db.query<NoticeRow>(`SELECT ${NOTICE_COLUMNS} FROM notices WHERE id = $1 AND published`, [
    id,
  ]);
  return r ? noticeView(r, true) : null;
}

/** Every notice, published or not, with its content (the admins' list). */
export async function allNotices(db: Db): Promise<NoticePage> {
  const rows = await db.query<NoticeRow>(
    `SELECT ${NOTICE_COLUMNS} FROM notices ORDER BY pinned DESC, coalesce(published_at, created_at) DESC, id DESC`,
  );
  return { total: rows.length, list: rows.map((r) => noticeView(r, true)) };
}

/** A new notice; published now if asked. */
export async function createNotice(
  db: Db,
  f: { title: string; content: string; pinned: boolean; published: boolean },
  authorId: number,
): Promise<Notice | null> {
  const [r] = await db.query<NoticeRow>(
    `INSERT INTO notices (title, content, pinned, published, published_at, author_id)
     VALUES ($1, $2, $3, $4::boolean, CASE WHEN $4::boolean THEN now() END, $5) RETURNING ${NOTICE_COLUMNS}`,
    [f.title, f.content, f.pinned, f.published, authorId],
  );
  return r ? noticeView(r, true) : null;
}

/** Edits a notice; publishing stamps the time once, so a later edit does not reorder it. Null: no such notice. */
export async function updateNotice(db: Db, f: NoticeUpdate): Promise<Notice | null> {
  const [r] = await db.query<NoticeRow>(
    `UPDATE notices SET
       title = coalesce($2::text, title),
       content = coalesce($3::text, content),
       pinned = coalesce($4::boolean, pinned),
       published = coalesce($5::boolean, published),
       published_at = CASE WHEN coalesce($5::boolean, published) THEN coalesce(published_at, now()) ELSE NULL END,
       updated_at = now()
     WHERE id = $1 RETURNING ${NOTICE_COLUMNS}`,
    [f.id, f.title ?? null, f.content ?? null, f.pinned ?? null, f.published ?? null],
  );
  return r ? noticeView(r, true) : null;
}

/** Deletes a notice; whether it existed. */
export async function deleteNotice(db: Db, id: number): Promise<boolean> {
  const gone = await db.query('DELETE FROM notices WHERE id = $1 RETURNING id', [id]);
  return gone.length > 0;
}
