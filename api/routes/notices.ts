import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { Codes, fail, ok, parseInput } from '../envelope';
import { noNul, pageNumber, pageSize } from '../inputs';
import { parseForm, requireAdmin } from '../member-session';

interface NoticeRow {
  id: number;
  title: string;
  content: string;
  pinned: boolean;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, title, content, pinned, published,
  to_char(published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS published_at,
  to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at,
  to_char(updated_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS updated_at`;

const SUMMARY_CHARS = 120;
const view = (r: NoticeRow, full: boolean) => ({
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

const noticeId = z.coerce
  .number({ message: '公告ID (id) 必须是数字' })
  .int('公告ID (id) 必须是整数')
  .positive('公告ID (id) 无效');
// Checkboxes and JSON both arrive: 1/0, true/false, on.
const flag = z.preprocess(
  (v) => (v === undefined ? v : typeof v === 'string' ? ['1', 'true', 'on'].includes(v) : Boolean(v)),
  z.boolean(),
);
const title = z
  .string({ message: '公告标题不能为空' })
  .trim()
  .min(1, '公告标题不能为空')
  .max(100, '公告标题不能超过 100 个字')
  .refine(...noNul);
const content = z
  .string({ message: '公告内容不能为空' })
  .trim()
  .min(1, '公告内容不能为空')
  .max(20_000, '公告内容不能超过 20000 个字')
  .refine(...noNul);

const listInput = z.object({ page: pageNumber, num: pageSize(50, 10) });
const createInput = z.object({
  title,
  content,
  pinned: flag.default(false),
  published: flag.default(false),
});
const updateInput = z
  .object({
    id: noticeId,
    title: title.optional(),
    content: content.optional(),
    pinned: flag.optional(),
    published: flag.optional(),
  })
  .refine(
    (v) => [v.title, v.content, v.pinned, v.published].some((x) => x !== undefined),
    '请提供要修改的内容',
  );

/**
 * 网站公告: the public list and detail (published notices only, pinned first, newest first) under /main/v1, and
 * the admins' editing under /admin/v1/notices. Content is plain text, shown as text, so it carries no markup.
 */
export function noticeRoutes(deps: ApiDeps) {
  const pub = new Hono();
  const admin = new Hono();
  const { db } = deps;

  pub.get('/notice_list', async (c) => {
    const input = await parseInput(c, listInput);
    if (!input.ok) return input.response;
    const { page, num } = input.data;
    const [t] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices WHERE published');
    const rows = await db.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM notices WHERE published
       ORDER BY pinned DESC, published_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [num, (page - 1) * num],
    );
    return ok(c, { total: t?.n ?? 0, list: rows.map((r) => view(r, false)) });
  });

  pub.get('/notice_detail', async (c) => {
    const input = await parseInput(c, z.object({ id: noticeId }));
    if (!input.ok) return input.response;
    const [r] = await db.query<NoticeRow>(`SELECT ${COLUMNS} FROM notices WHERE id = $1 AND published`, [
      input.data.id,
    ]);
    return r ? ok(c, view(r, true)) : fail(c, 404, Codes.NOT_FOUND, '公告不存在或已下线');
  });

  admin.get('/notices', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const rows = await db.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM notices ORDER BY pinned DESC, coalesce(published_at, created_at) DESC, id DESC`,
    );
    return ok(c, { total: rows.length, list: rows.map((r) => view(r, true)) });
  });

  admin.post('/notices', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, createInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const f = input.data;
    const [r] = await db.query<NoticeRow>(
      `INSERT INTO notices (title, content, pinned, published, published_at, author_id)
       VALUES ($1, $2, $3, $4::boolean, CASE WHEN $4::boolean THEN now() END, $5) RETURNING ${COLUMNS}`,
      [f.title, f.content, f.pinned, f.published, me.id],
    );
    deps.log.info({ notice: r?.id, by: me.id }, 'notice created');
    return ok(c, r ? view(r, true) : null);
  });

  // Edit, pin/unpin, publish/unpublish. Publishing stamps the time once, so a later edit does not reorder it.
  admin.put('/notices', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, updateInput, Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const f = input.data;
    const [r] = await db.query<NoticeRow>(
      `UPDATE notices SET
         title = coalesce($2::text, title),
         content = coalesce($3::text, content),
         pinned = coalesce($4::boolean, pinned),
         published = coalesce($5::boolean, published),
         published_at = CASE WHEN coalesce($5::boolean, published) THEN coalesce(published_at, now()) ELSE NULL END,
         updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [f.id, f.title ?? null, f.content ?? null, f.pinned ?? null, f.published ?? null],
    );
    if (!r) return fail(c, 404, Codes.NOT_FOUND, '公告不存在');
    deps.log.info({ notice: f.id, by: me.id }, 'notice changed');
    return ok(c, view(r, true));
  });

  admin.delete('/notices', async (c) => {
    const me = requireAdmin(c);
    if (me instanceof Response) return me;
    const input = await parseForm(c, z.object({ id: noticeId }), Codes.BAD_INPUT);
    if (!input.ok) return input.response;
    const gone = await db.query('DELETE FROM notices WHERE id = $1 RETURNING id', [input.data.id]);
    if (gone.length === 0) return fail(c, 404, Codes.NOT_FOUND, '公告不存在');
    deps.log.info({ notice: input.data.id, by: me.id }, 'notice deleted');
    return ok(c, { id: input.data.id });
  });

  return { pub, admin };
}
