import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMAND_SERVICE_KEYS, DemandMessages } from '../contract/demand-services';
import { M } from '../contract/member-texts';
import { waitReady } from '../e2e/harness';
import {
  ADMIN_PHONE,
  Client,
  memberEngines,
  refusal,
  signUp,
  startMemberPlatform,
} from '../e2e/members-harness';

/**
 * The service pages' demand form (account/v1 submit_demand) and the admins' demand list and status changes, on
 * PGlite and on a PostgreSQL server (migration 0112 must run on both).
 */
const A = '/fbmain/account/v1';
const valid = { name: '王经理', phone: '13812345678', content: '需要近一年微博话题数据，每周交付 Excel' };

describe.each(await memberEngines())('demands on $name', ({ name, skip }) => {
  let close = async () => {};
  let admin: Client;
  let member: Client;
  let visitor: Client;

  beforeAll(async () => {
    if (skip) return;
    const p = await startMemberPlatform(name, { SIM_ACCOUNTS: '2', CRAWL_DAYS: '2' });
    close = p.stop;
    await waitReady(p.url);
    admin = await signUp(p.url, ADMIN_PHONE);
    member = await signUp(p.url);
    visitor = new Client(p.url);
  }, 120_000);

  afterAll(() => close());

  describe.skipIf(skip)('submit_demand', () => {
    it('answers each invalid field with its Chinese message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: '  ' }, DemandMessages.NAME_EMPTY],
        [{ ...valid, phone: '' }, M.PHONE_EMPTY],
        [{ ...valid, phone: '12812345678' }, M.PHONE_INVALID],
        [{ ...valid, content: '' }, DemandMessages.CONTENT_EMPTY],
        [{ ...valid, content: '长'.repeat(501) }, DemandMessages.CONTENT_LONG],
        [{ ...valid, company: '公'.repeat(65) }, DemandMessages.COMPANY_LONG],
        [{ ...valid, service: 'Facebook' }, DemandMessages.SERVICE_INVALID],
        [{ ...valid, source_path: 'https://evil.example/' }, DemandMessages.PATH_INVALID],
      ];
      for (const [fields, msg] of cases) {
        const r = await visitor.post(`${A}/submit_demand`, fields);
        expect(refusal(r), msg).toBe(30000);
        expect(r.body.msg).toBe(msg);
        expect(r.body.error_code).not.toBe(0);
      }
    });

    it('stores a visitor’s and a member’s demand with service, company and source page', async () => {
      const content500 = '需'.repeat(500);
      const v = await visitor.post(`${A}/submit_demand`, {
        ...valid,
        company: '某快消品牌',
        service: 'WeiBo',
        source_path: '/WeiBo',
      });
      expect(v.body).toEqual({ error_code: 0, msg: M.PROFILE_OK });
      const m = await member.post(`${A}/submit_demand`, {
        name: '李雷',
        phone: '13987654321',
        content: content500,
        service: 'officialflow',
        source_path: '/officialflow',
      });
      expect(m.body.error_code).toBe(0);
      // Without a service (older clients) it is still taken.
      expect((await visitor.post(`${A}/submit_demand`, valid)).body.error_code).toBe(0);

      const list = await admin.get(`${A}/demand_list`);
      expect(list.body.error_code).toBe(0);
      expect(list.body.data.total).toBe(3);
      const [plain, mine, weibo] = list.body.data.list;
      expect(weibo).toMatchObject({
        name: '王经理',
        phone: '13812345678',
        company: '某快消品牌',
        service: 'WeiBo',
        service_name: '微博数据采集',
        source_path: '/WeiBo',
        status: 'new',
        status_name: '待处理',
        user_id: null,
        content: valid.content,
      });
      expect(weibo.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(mine).toMatchObject({ service: 'officialflow', content: content500, company: '' });
      expect(mine.user_id).toEqual(expect.any(Number));
      expect(plain).toMatchObject({ service: '', service_name: '', source_path: '' });
      expect(list.body.data.counts).toEqual({ new: 3, contacting: 0, done: 0 });
    });

    it('accepts every known service key', async () => {
      expect(DEMAND_SERVICE_KEYS).toContain('customization-other');
      const r = await visitor.post(`${A}/submit_demand`, { ...valid, service: 'customization-other' });
      expect(r.body.error_code).toBe(0);
    });
  });

  describe.skipIf(skip)('demand_list and update_demand_status (admins)', () => {
    it('filters by service and status and moves a demand through its states', async () => {
      const weibo = await admin.get(`${A}/demand_list`, { service: 'WeiBo' });
      expect(weibo.body.data.total).toBe(1);
      const id = weibo.body.data.list[0].id;

      const set = await admin.post(`${A}/update_demand_status`, { id, status: 'contacting' });
      expect(set.body).toEqual({ error_code: 0, msg: M.UPDATED });
      const contacting = await admin.get(`${A}/demand_list`, { status: 'contacting' });
      expect(contacting.body.data.list.map((d: { id: number }) => d.id)).toEqual([id]);
      expect(contacting.body.data.counts.contacting).toBe(1);

      expect((await admin.post(`${A}/update_demand_status`, { id, status: 'done' })).body.error_code).toBe(0);
      const done = await admin.get(`${A}/demand_list`, { status: 'done', page: 1, num: 10 });
      expect(done.body.data.list[0]).toMatchObject({ id, status: 'done', status_name: '已完成' });
    });

    it('answers bad input in Chinese', async () => {
      expect((await admin.post(`${A}/update_demand_status`, { id: 1, status: 'closed' })).body.msg).toBe(
        DemandMessages.STATUS_INVALID,
      );
      expect((await admin.post(`${A}/update_demand_status`, { id: 'x', status: 'done' })).body.msg).toBe(
        '需求ID无效',
      );
      const missing = await admin.post(`${A}/update_demand_status`, { id: 999_999, status: 'done' });
      expect(refusal(missing)).toBe(40004);
      expect(missing.body.msg).toBe(DemandMessages.NOT_FOUND);
      expect((await admin.get(`${A}/demand_list`, { status: 'lost' })).body.msg).toBe(
        DemandMessages.STATUS_INVALID,
      );
      expect((await admin.get(`${A}/demand_list`, { service: 'nope' })).body.msg).toBe(
        DemandMessages.SERVICE_INVALID,
      );
    });

    it('refuses members and visitors', async () => {
      for (const c of [member, visitor]) {
        const list = await c.get(`${A}/demand_list`);
        expect(refusal(list)).toBe(c === visitor ? 40001 : 40002);
        expect(list.body.error_code).not.toBe(0);
        expect(list.body.msg).toMatch(/[\u4e00-\u9fa5]/);
        const set = await c.post(`${A}/update_demand_status`, { id: 1, status: 'done' });
        expect(refusal(set)).toBe(c === visitor ? 40001 : 40002);
      }
    });
  });
});
