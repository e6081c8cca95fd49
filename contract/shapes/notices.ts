import { z } from 'zod';
import { noNul } from '../inputs';

/** A notice's id (notice_detail, the admins' edits). */
export const noticeId = z.coerce
  .number({ message: '公告ID (id) 必须是数字' })
  .int('公告ID (id) 必须是整数')
  .positive('公告ID (id) 无效');

/** A 网站公告 as the list (no content) and the detail (with content) show it. */
export const notice = z.object({
  id: z.number(),
  title: z.string(),
  /** Only in the detail and the admins' list. */
  content: z.string().optional(),
  summary: z.string(),
  pinned: z.union([z.literal(0), z.literal(1)]),
  published: z.union([z.literal(0), z.literal(1)]),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Notice = z.output<typeof notice>;

export const noticePage = z.object({ total: z.number(), list: z.array(notice) });
export type NoticePage = z.output<typeof noticePage>;

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

/** The admins' new notice (admin/v1/notices POST). */
export const noticeCreateInput = z.object({
  title,
  content,
  pinned: flag.default(false),
  published: flag.default(false),
});
/** The admins' edit, pin/unpin, publish/unpublish (admin/v1/notices PUT). */
export const noticeUpdateInput = z
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
export type NoticeUpdate = z.output<typeof noticeUpdateInput>;
