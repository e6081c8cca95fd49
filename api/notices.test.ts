import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PHONE,
  type Client as C,
  Client,
  memberEngines,
  refusal,
  signUp,
} from '../e2e/members-harness';
import { openServedAppOn } from '../e2e/served-app';

/** 网站公告: admins write, everyone reads only what is published, pinned first then newest; bad input in Chinese. */
const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const ADMIN = '/fbmain/admin/v1/notices';
describe.each(await memberEngines())('notices on $name', ({ name, skip }) => {
  let base: string;
  let close = async () => {};
  let admin: C;
  let member: C;

  beforeAll(async () => {
    if (skip) return;
    ({ base, close } = await openServedAppOn(name, 'notices', NOW, { ADMIN_PHONES: ADMIN_PHONE }));
    admin = await signUp(base, ADMIN_PHONE);
    member = await signUp(base);
  }, 60_000);
  afterAll(() => close());

  it.skipIf(skip)(
    'starts empty, and the public list shows only published notices, pinned first then newest',
    async () => {
      const visitor = new Client(base);
      expect((await visitor.get('/fbmain/main/v1/notice_list')).body.data).toEqual({ total: 0, list: [] });

      const add = async (title: string, fields: Record<string, unknown>) => {
        const r = await admin.post(ADMIN, { title, content: `${title}的正文\n第二段`, ...fields });
        expect(r.body.error_code).toBe(0);
        return r.body.data.id as number;
      };
      const first = await add('第一条', { published: 1 });
      const draft = await add('草稿', {});
      const second = await add('第二条', { published: 1 });
      const pinned = await add('置顶公告', { published: 1, pinned: 1 });

      const list = (await visitor.get('/fbmain/main/v1/notice_list', { page: 1, num: 10 })).body.data;
      expect(list.total).toBe(3);
      expect(list.list.map((n: { id: number }) => n.id)).toEqual([pinned, second, first]);
      expect(list.list[0]).toMatchObject({ title: '置顶公告', pinned: 1, published: 1 });
      expect(list.list[0].content).toBeUndefined();

      const detail = await visitor.get('/fbmain/main/v1/notice_detail', { id: second });
      expect(detail.body.data).toMatchObject({
        id: second,
        title: '第二条',
        content: '第二条的正文\n第二段',
      });
      // A draft is not public, not even by id.
      const hidden = await visitor.get('/fbmain/main/v1/notice_detail', { id: draft });
      expect(refusal(hidden)).toBe(40004);
      expect(hidden.body.msg).toBe('公告不存在或已下线');

      // Admins see drafts too.
      const all = (await admin.get(ADMIN)).body.data;
      expect(all.list.map((n: { title: string }) => n.title)).toContain('草稿');
    },
  );

  it.skipIf(skip)('edits, publishes, unpublishes, pins and deletes', async () => {
    const id = (await admin.post(ADMIN, { title: '待编辑', content: '旧内容' })).body.data.id;
    const edited = await admin.put(ADMIN, { id, content: '新内容', published: 1 });
    expect(edited.body.data).toMatchObject({ title: '待编辑', content: '新内容', published: 1 });
    expect(edited.body.data.published_at).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await new Client(base).get('/fbmain/main/v1/notice_detail', { id })).body.data.content).toBe(
      '新内容',
    );
    const pinned = await admin.put(ADMIN, { id, pinned: 1 });
    expect(pinned.body.data.pinned).toBe(1);
    const off = await admin.put(ADMIN, { id, published: 0 });
    expect(off.body.data).toMatchObject({ published: 0, published_at: null, pinned: 1 });
    expect(refusal(await new Client(base).get('/fbmain/main/v1/notice_detail', { id }))).toBe(40004);
    expect((await admin.del(ADMIN, { id })).body.error_code).toBe(0);
    expect((await admin.del(ADMIN, { id })).body.msg).toBe('公告不存在');
  });

  it.skipIf(skip)(
    'refuses members and visitors on every write, and answers bad input in Chinese',
    async () => {
      for (const [method, who] of [
        ['GET', member],
        ['POST', member],
        ['PUT', member],
        ['DELETE', member],
        ['POST', new Client(base)],
      ] as const) {
        const r = await who.call(method, ADMIN, { id: 1, title: 't', content: 'c' });
        expect([40001, 40002]).toContain(refusal(r));
        expect(r.body.error_code).not.toBe(0);
      }
      expect((await admin.get(ADMIN)).body.data.list.some((n: { title: string }) => n.title === 't')).toBe(
        false,
      );

      expect((await admin.post(ADMIN, { title: '', content: '内容' })).body.msg).toMatch(/公告标题不能为空/);
      expect((await admin.post(ADMIN, { title: '标题' })).body.msg).toMatch(/公告内容不能为空/);
      expect((await admin.post(ADMIN, { title: '长'.repeat(101), content: 'x' })).body.msg).toMatch(
        /不能超过 100 个字/,
      );
      expect((await admin.put(ADMIN, { id: 1 })).body.msg).toMatch(/请提供要修改的内容/);
      expect((await admin.put(ADMIN, { id: 'abc', title: 'x' })).body.msg).toMatch(/公告ID/);
      expect((await admin.put(ADMIN, { id: 999_999, title: 'x' })).body.msg).toBe('公告不存在');
      const bad = await new Client(base).get('/fbmain/main/v1/notice_detail', { id: 'x' });
      expect(refusal(bad)).toBe(40000);
      expect(bad.body.msg).toMatch(/公告ID/);
      expect((await new Client(base).get('/fbmain/main/v1/notice_list', { num: 500 })).body.msg).toMatch(
        /最大为 50/,
      );
    },
  );
});
