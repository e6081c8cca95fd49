import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import { waitReady } from './harness';
import {
  ADMIN_PHONE,
  buy,
  Client,
  memberEngines,
  nextPhone,
  refusal,
  responseRefusal,
  signUp,
  startMemberPlatform,
} from './members-harness';

const A = '/fbmain/account/v1';
const U = '/fbmain/user/v1';
const S = '/fbmain/search/v1';
const API = '/fbmain/api/v1';

/** Every member endpoint, with a plausible payload: [method, path, fields]. */
const MEMBER_CALLS: [string, string, Record<string, unknown>][] = [
  ['GET', `${U}/user_info`, {}],
  ['GET', `${U}/user_profile`, {}],
  ['GET', `${U}/invite_record`, {}],
  ['POST', `${A}/register_collect`, {}],
  ['POST', `${A}/qq_binding`, { token: 'x' }],
  ['GET', `${A}/whether_admin`, {}],
  ['GET', `${A}/get_bd_vid`, {}],
  ['POST', `${A}/vip_info`, { package_id: 'vip2_q' }],
  ['POST', `${A}/create_order`, { package_id: 'vip2_q' }],
  ['GET', `${A}/pay_info`, { out_trade_no: '20260101xxxxxxxx' }],
  ['GET', `${A}/check_order_status`, { out_trade_no: '20260101xxxxxxxx' }],
  ['GET', `${A}/list_user_order`, {}],
  ['GET', `${A}/user_remaining_amount`, {}],
  ['GET', `${A}/consumption_record`, {}],
  ['POST', `${A}/invoice_address_add`, {}],
  ['POST', `${A}/invoice_address_update`, {}],
  ['DELETE', `${A}/invoice_address_delete`, { id: 1 }],
  ['GET', `${A}/invoice_address_details`, { id: 1 }],
  ['GET', `${A}/invoice_address_list`, {}],
  ['POST', `${A}/invoice_add`, {}],
  ['POST', `${A}/invoice_update`, {}],
  ['DELETE', `${A}/invoice_delete`, { id: 1 }],
  ['GET', `${A}/invoice_details`, { id: 1 }],
  ['GET', `${A}/invoice_list`, {}],
  ['POST', `${A}/invoice_order_add`, {}],
  ['GET', `${A}/invoice_order_list`, {}],
  ['GET', `${A}/invoice_order_details`, { id: 1 }],
  ['GET', `${S}/group_list`, {}],
  ['GET', `${S}/group_list_ext`, {}],
  ['POST', `${S}/group_add`, { name: 'x' }],
  ['DELETE', `${S}/group_delete`, { group_id: 1 }],
  ['PUT', `${S}/group_rename`, { group_id: 1, name: 'y' }],
  ['POST', `${S}/group_top`, { group_id: 1 }],
  ['POST', `${S}/favorite_add`, { group_id: 1, mids: '1' }],
  ['GET', `${S}/favorite_list`, {}],
  ['POST', `${S}/favorite_delete`, { mids: '1' }],
  ['GET', `${S}/favorite_article_option`, {}],
  ['POST', `${S}/favorite_article_option`, {}],
  ['DELETE', `${S}/favorite_article_option`, { aid: 'a', mid: 1 }],
  ['GET', `${S}/collect_group_list`, {}],
  ['POST', `${S}/collect_group_add`, { name: 'x' }],
  ['PUT', `${S}/collect_group_rename`, { group_id: 1, name: 'y' }],
  ['DELETE', `${S}/collect_group_delete`, { group_id: 1 }],
  ['POST', `${S}/collect_group_top`, { group_id: 1 }],
  ['POST', `${S}/move_article_collect`, {}],
  ['GET', `${S}/userkeyword`, {}],
  ['POST', `${S}/userkeyword`, { keyword: 'x' }],
  ['PUT', `${S}/userkeyword`, { id: 1, keyword: 'y' }],
  ['DELETE', `${S}/userkeyword`, { id: 1 }],
  ['GET', `${S}/search_record`, {}],
  ['GET', `${S}/delete_history`, {}],
  ['POST', `${API}/api_create_order`, { package_id: 'api_1k' }],
  ['GET', `${API}/api_pay_info`, { out_trade_no: '20260101xxxxxxxx' }],
  ['GET', `${API}/api_check_order_status`, { out_trade_no: '20260101xxxxxxxx' }],
  ['GET', `${API}/api_usage`, {}],
  ['GET', `${API}/api_records`, {}],
  ['GET', `${API}/export_api_records`, {}],
  ['GET', `${API}/api_recharge_record`, {}],
  ['GET', `${API}/api_keys`, {}],
  ['POST', `${API}/api_keys`, {}],
  ['DELETE', `${API}/api_keys`, { id: 1 }],
];
const ADMIN_CALLS: [string, string, Record<string, unknown>][] = [
  ['GET', `${A}/admin_list_invoice_all`, {}],
  ['POST', `${A}/update_invoice_status`, { id: 1, status: 1 }],
  ['GET', '/fbmain/admin/v1/credentials', {}],
  ['POST', '/fbmain/admin/v1/credentials', { source: 'mp', secret: '{"cookie":"x"}' }],
  ['PUT', '/fbmain/admin/v1/credentials', { id: 1, state: 'disabled' }],
];

describe.each(await memberEngines())('authorization and membership levels on $name', ({ name, skip }) => {
  let base = '';
  let stop = async () => {};
  let mid = 0;
  const byLevel: Client[] = [];
  let admin: Client;
  beforeAll(async () => {
    if (skip) return;
    // On PGlite a long history (560 days > 18 months), so the 3/6/12/18-month windows differ; the depth
    // rule lives in the API and ClickHouse, so the server variant keeps a short crawl.
    const p = await startMemberPlatform(name, {
      ...(name === 'PGlite'
        ? { SIM_ACCOUNTS: '2', SIM_HISTORY_DAYS: '560', CRAWL_DAYS: '560' }
        : { SIM_ACCOUNTS: '2', CRAWL_DAYS: '2' }),
      // Bank transfers on, so their ownership is tried too.
      TRANSFER_ACCOUNT_NAME: '某某数据科技有限公司',
      TRANSFER_BANK: '招商银行北京分行',
      TRANSFER_ACCOUNT_NO: '1109 0000 1234 5678',
    });
    base = p.url;
    stop = p.stop;
    await waitReady(base);
    const found = await new Client(base).post(`${S}/key_search`, { kw: '', num: 2 });
    mid = found.body.data.accounts[0].mid;
    byLevel[1] = await signUp(base);
    for (const level of [2, 3, 4]) {
      const c = await signUp(base);
      await buy(c, `vip${level}_q`);
      byLevel[level] = c;
    }
    admin = await signUp(base, ADMIN_PHONE);
  });
  afterAll(() => stop());

  it.skipIf(skip)('a visitor gets 用户未登录 from every member and admin endpoint', async () => {
    const v = new Client(base);
    for (const [method, path, fields] of [...MEMBER_CALLS, ...ADMIN_CALLS]) {
      const r = await v.call(method, path, fields);
      expect(refusal(r), `${method} ${path}`).toBe(40001);
      expect(r.body, `${method} ${path}`).toEqual({ error_code: 40001, msg: '用户未登录' });
    }
    // A forged or expired token is a visitor too.
    v.token = 'x'.repeat(43);
    expect((await v.get(`${U}/user_info`)).body.msg).toBe(M.NOT_LOGGED_IN);
  });

  it.skipIf(skip)(
    'every level reaches the member endpoints without a server error; only the admin the admin ones',
    async () => {
      for (const c of [...byLevel.slice(1), admin]) {
        for (const [method, path, fields] of MEMBER_CALLS) {
          const r = await c.call(method, path, fields);
          expect(r.status, `${method} ${path}`).toBeLessThan(500);
          expect(r.body.error_code, `${method} ${path}`).not.toBe(40001);
        }
      }
      for (const c of byLevel.slice(1)) {
        expect((await c.get(`${A}/whether_admin`)).body.data.is_admin).toBe(0);
        for (const [method, path, fields] of ADMIN_CALLS) {
          const r = await c.call(method, path, fields);
          expect(refusal(r)).toBe(40002);
          expect(r.body).toEqual({ error_code: 40002, msg: M.ADMIN_ONLY });
        }
      }
      expect((await admin.get(`${A}/whether_admin`)).body.data.is_admin).toBe(1);
      expect((await admin.get(`${A}/admin_list_invoice_all`)).body.error_code).toBe(0);
    },
  );

  it.skipIf(skip)(
    'answers garbage input with a Chinese message in the envelope, never a server error',
    async () => {
      const c = byLevel[1] as Client;
      const garbage = {
        id: '-1',
        group_id: 'abc',
        mids: 'x,,y',
        page: '0',
        num: '1e9',
        name: '名'.repeat(500),
        package_id: '<script>',
        out_trade_no: "'; DROP TABLE orders; --",
        aid: '../../etc',
        mid: '99999999999999999999',
        keyword: '',
        status: '7',
        title_type: '9',
        phone: '1',
        token: 'x'.repeat(500),
      };
      for (const [method, path] of [...MEMBER_CALLS, ...ADMIN_CALLS]) {
        for (const json of [false, true]) {
          const r = await c.call(method, path, garbage, json);
          expect(r.status, `${method} ${path}`).toBeLessThan(500);
          if (refusal(r) !== 0) expect(r.body.msg, `${method} ${path}`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
      const broken = await fetch(`${base}${S}/group_add`, {
        method: 'POST',
        headers: { accessToken: c.token as string, 'content-type': 'application/json' },
        body: '{"name":',
      });
      expect(await responseRefusal(broken)).toBe(40000);
      expect((await broken.json()).msg).toBe('分组名称不能为空');
    },
  );

  it.skipIf(skip)('takes custom-service demands from visitors and members', async () => {
    const v = new Client(base);
    expect(
      (await v.post(`${A}/submit_demand`, { name: '李雷', phone: '123', content: '定制数据' })).body.msg,
    ).toBe(M.PHONE_INVALID);
    expect(
      (await v.post(`${A}/submit_demand`, { name: '李雷', phone: '13812345678', content: '定制数据' })).body,
    ).toEqual({
      error_code: 0,
      msg: M.PROFILE_OK,
    });
  });

  it.skipIf(skip)('levels 1–4 carry their names, history depth and favourite limits', async () => {
    const expected = [
      [1, '普通会员', 3],
      [2, '高级会员', 6],
      [3, '豪华会员', 12],
      [4, '超级会员', 18],
    ] as const;
    for (const [level, vipName, months] of expected) {
      const p = (await (byLevel[level] as Client).get(`${U}/user_profile`)).body.data;
      expect(p).toMatchObject({ vip_id: level, vip_name: vipName, history_months: months });
    }
  });

  it.skipIf(skip || name !== 'PGlite')(
    'enforces history depth on detail_pubList by level (server side)',
    async () => {
      const totals: number[] = [];
      const oldest: string[] = [];
      for (const c of [new Client(base), ...byLevel.slice(1)]) {
        const first = await c.post(`${S}/detail_pubList`, { mId: mid, start_time: '2020-01-01' });
        const total = first.body.data.total as number;
        const last = await c.post(`${S}/detail_pubList`, {
          mId: mid,
          start_time: '2020-01-01',
          page: Math.ceil(total / 20),
        });
        const groups = last.body.data.article_list;
        totals.push(total);
        oldest.push(groups[groups.length - 1].postTime);
      }
      // visitor = level 1 (3 months) < 6 < 12 < 18 months.
      expect(totals[0]).toBe(totals[1]);
      expect(totals[1]).toBeLessThan(totals[2] as number);
      expect(totals[2]).toBeLessThan(totals[3] as number);
      expect(totals[3]).toBeLessThan(totals[4] as number);
      // The platform clock is fixed at 2026-11-01 21:30 (Beijing): windows start 3, 6 and 18 months before.
      const day = (i: number) => (oldest[i] as string).slice(0, 10);
      expect(day(1) >= '2026-08-01').toBe(true);
      expect(day(2) >= '2026-05-01').toBe(true);
      expect(day(3) >= '2025-11-01').toBe(true);
      expect(day(4) >= '2025-05-01').toBe(true);
      // And super really reaches past 12 months.
      expect(day(4) < '2025-11-01').toBe(true);
    },
  );

  it.skipIf(skip)("another member's token cannot read or change someone else's data", async () => {
    const owner = byLevel[2] as Client;
    const other = byLevel[3] as Client;
    const group = (await owner.post(`${S}/group_add`, { name: '私有分组' })).body.data.group_id;
    const cgroup = (await owner.post(`${S}/collect_group_add`, { name: '私有收藏' })).body.data.group_id;
    const kw = (await owner.post(`${S}/userkeyword`, { keyword: '私有关键词' })).body.data.id;
    const addr = (
      await owner.post(`${A}/invoice_address_add`, {
        receiver: '张三',
        phone: '13812345678',
        region: '北京市',
        address: '海淀区',
      })
    ).body.data.id;
    const title = (await owner.post(`${A}/invoice_add`, { title_type: 1, title: '张三' })).body.data.id;
    const key = (await owner.post(`${API}/api_keys`, {})).body.data.id;
    const order = (await owner.post(`${A}/create_order`, { package_id: 'vip2_q' })).body.data.out_trade_no;

    const attempts: [string, string, Record<string, unknown>][] = [
      ['DELETE', `${S}/group_delete`, { group_id: group }],
      ['PUT', `${S}/group_rename`, { group_id: group, name: '改' }],
      ['POST', `${S}/group_top`, { group_id: group }],
      ['POST', `${S}/favorite_add`, { group_id: group, mids: String(mid) }],
      ['DELETE', `${S}/collect_group_delete`, { group_id: cgroup }],
      ['PUT', `${S}/collect_group_rename`, { group_id: cgroup, name: '改' }],
      ['PUT', `${S}/userkeyword`, { id: kw, keyword: '改' }],
      ['DELETE', `${S}/userkeyword`, { id: kw }],
      ['GET', `${A}/invoice_address_details`, { id: addr }],
      [
        'POST',
        `${A}/invoice_address_update`,
        { id: addr, receiver: '李四', phone: '13812345678', region: '北京市', address: '改' },
      ],
      ['DELETE', `${A}/invoice_address_delete`, { id: addr }],
      ['GET', `${A}/invoice_details`, { id: title }],
      ['POST', `${A}/invoice_update`, { id: title, title_type: 1, title: '李四' }],
      ['DELETE', `${A}/invoice_delete`, { id: title }],
      ['DELETE', `${API}/api_keys`, { id: key }],
      ['GET', `${A}/pay_info`, { out_trade_no: order }],
      ['GET', `${A}/check_order_status`, { out_trade_no: order }],
    ];
    for (const [method, path, fields] of attempts) {
      const r = await other.call(method, path, fields);
      expect(refusal(r), `${method} ${path}`).toBe(40004);
    }
    expect(
      (await other.get(`${S}/group_list`)).body.data.some((g: { name: string }) => g.name === '私有分组'),
    ).toBe(false);
    expect((await other.get(`${A}/invoice_address_list`)).body.data).toEqual([]);
    // The owner's data is intact.
    expect(
      (await owner.get(`${S}/group_list`)).body.data.find((g: { id: number }) => g.id === group).name,
    ).toBe('私有分组');
    expect((await owner.get(`${A}/invoice_address_details`, { id: addr })).body.data.address).toBe('海淀区');
    expect((await owner.get(`${A}/invoice_details`, { id: title })).body.data.title).toBe('张三');
    expect(
      (await owner.get(`${S}/userkeyword`)).body.data.map((k: { keyword: string }) => k.keyword),
    ).toContain('私有关键词');
    expect(
      (await owner.get(`${API}/api_keys`)).body.data.find((k: { id: number }) => k.id === key).revoked,
    ).toBe(false);
  });

  it.skipIf(skip)(
    "another member cannot read, change or cancel someone's tasks, back-collections, collections, orders, invoice requests or transfers",
    async () => {
      const MON = '/fbmain/monitor/v1';
      const owner = byLevel[2] as Client;
      const other = byLevel[4] as Client;
      // A waiting minute-level monitoring task and a back-collection order.
      const task = await owner.post(`${MON}/create_future_monitor`, { mid, position: 1, freq: 5, days: 2 });
      expect(task.body.status, task.text).toBe(200);
      const taskId = task.body.data.task_id as string;
      const crawl = await owner.post(`${MON}/create_history_crawl`, { mid, days: 30 });
      expect(crawl.body.status, crawl.text).toBe(200);
      const requestId = crawl.body.data.request_id as string;
      // A collected article in a collection group of the owner's.
      const art = (await owner.post(`${S}/detail_pubList`, { mId: mid })).body.data.article_list[0]
        .articles[0];
      const cgroup = (await owner.post(`${S}/collect_group_add`, { name: '我的素材' })).body.data.group_id;
      const collected = await owner.post(`${S}/favorite_article_option`, {
        aid: art.aid,
        mid,
        group_id: cgroup,
      });
      expect(collected.body.error_code).toBe(0);
      // A paid order with an invoice request, and an unpaid API order declared as a bank transfer.
      const paid = (await owner.get(`${A}/list_user_order`)).body.data.list.find(
        (o: { status: string }) => o.status === 'paid',
      ).out_trade_no as string;
      const title = (await owner.post(`${A}/invoice_add`, { title_type: 1, title: '张三' })).body.data.id;
      const request = (await owner.post(`${A}/invoice_order_add`, { out_trade_no: paid, invoice_id: title }))
        .body.data.id;
      const apiOrder = (await owner.post(`${API}/api_create_order`, { package_id: 'api_1k' })).body.data
        .out_trade_no as string;
      const transfer = await owner.post(`${A}/transfer_submit`, {
        out_trade_no: apiOrder,
        payer_name: '张三的公司',
        reference: 'HD-OWNER-0001',
      });
      expect(transfer.body.error_code, transfer.text).toBe(0);
      const otherTitle = (await other.post(`${A}/invoice_add`, { title_type: 1, title: '李四' })).body.data
        .id;
      const otherGroup = (await other.post(`${S}/collect_group_add`, { name: '他的素材' })).body.data
        .group_id;

      // The monitor API answers in its own envelope ({status, msg}); the others in {error_code, msg}.
      const monitorCalls: [string, string, Record<string, unknown>, string][] = [
        ['POST', `${MON}/operate_task`, { task_id: taskId, action: 'cancel' }, '任务不存在'],
        ['POST', `${MON}/operate_monitor_task`, { task_id: taskId, action: 'cancel' }, '任务不存在'],
        ['POST', `${MON}/cancel_history_crawl`, { request_id: requestId }, '回采任务不存在'],
        ['GET', `${MON}/new_data_title`, { request_id: requestId }, '回采任务不存在'],
        ['GET', `${MON}/new_data_storage`, { request_id: requestId }, '回采任务不存在'],
        ['GET', `${MON}/new_data_notice_content`, { request_id: requestId, aid: art.aid }, '回采任务不存在'],
      ];
      for (const [method, path, fields, msg] of monitorCalls) {
        const r = await other.call(method, path, fields);
        expect(refusal(r), `${method} ${path}`).toBe(404);
        expect(r.body, `${method} ${path}`).toMatchObject({ status: 404, msg });
      }
      const memberCalls: [string, string, Record<string, unknown>][] = [
        ['POST', `${S}/favorite_article_option`, { aid: art.aid, mid, group_id: cgroup }],
        ['POST', `${S}/move_article_collect`, { aid: art.aid, mid, group_id: cgroup }],
        ['POST', `${S}/collect_group_top`, { group_id: cgroup }],
        ['GET', `${A}/invoice_order_details`, { id: request }],
        ['POST', `${A}/invoice_order_add`, { out_trade_no: paid, invoice_id: otherTitle }],
        ['POST', `${A}/invoice_order_add`, { out_trade_no: paid, invoice_id: title }],
        ['GET', `${API}/api_pay_info`, { out_trade_no: apiOrder }],
        ['GET', `${API}/api_check_order_status`, { out_trade_no: apiOrder }],
        [
          'POST',
          `${A}/transfer_submit`,
          { out_trade_no: apiOrder, payer_name: '李四的公司', reference: 'HD-OTHER-1' },
        ],
      ];
      for (const [method, path, fields] of memberCalls) {
        const r = await other.call(method, path, fields);
        expect(refusal(r), `${method} ${path}`).toBe(40004);
        expect(r.body.error_code, `${method} ${path}`).toBe(40004);
      }
      // Their own delete of the article and moves into their own group touch only their own collections.
      await other.del(`${S}/favorite_article_option`, { aid: art.aid, mid });
      expect(
        refusal(await other.post(`${S}/move_article_collect`, { aid: art.aid, mid, group_id: otherGroup })),
      ).toBe(40004);

      // Nothing of the owner's shows in the other member's lists.
      const has = (list: unknown, key: string, value: unknown) =>
        JSON.stringify(list).includes(`"${key}":${JSON.stringify(value)}`);
      expect(has((await other.get(`${MON}/history_monitor_task_list`)).body.data, 'task_id', taskId)).toBe(
        false,
      );
      expect(has((await other.get(`${MON}/history_crawl_list`)).body.data, 'request_id', requestId)).toBe(
        false,
      );
      expect(has((await other.get(`${A}/invoice_order_list`)).body.data, 'out_trade_no', paid)).toBe(false);
      expect(has((await other.get(`${A}/list_user_order`)).body.data, 'out_trade_no', apiOrder)).toBe(false);
      expect(has((await other.get(`${A}/transfer_info`)).body.data, 'out_trade_no', apiOrder)).toBe(false);
      expect(has((await other.get(`${S}/collect_group_list`)).body.data, 'group_id', cgroup)).toBe(false);

      // And everything of the owner's is as it was.
      const ownTask = (await owner.get(`${MON}/history_monitor_task_list`)).body.data.list.find(
        (t: { task_id: string }) => t.task_id === taskId,
      );
      expect(ownTask.state).not.toBe('cancelled');
      const ownCrawl = (await owner.get(`${MON}/history_crawl_list`)).body.data.list.find(
        (t: { request_id: string }) => t.request_id === requestId,
      );
      expect(ownCrawl.state).not.toBe('cancelled');
      expect((await owner.get(`${S}/favorite_article_option`, { aid: art.aid, mid })).body.data).toEqual({
        is_favorite: 1,
        group_ids: [cgroup],
      });
      expect((await owner.get(`${A}/invoice_order_details`, { id: request })).body.data).toMatchObject({
        out_trade_no: paid,
        status: 0,
      });
      expect(
        (await owner.get(`${A}/invoice_order_details`, { id: request })).body.data.title_snapshot.title,
      ).toBe('张三');
      expect(
        (await owner.get(`${API}/api_check_order_status`, { out_trade_no: apiOrder })).body.data.paid,
      ).toBe(0);
      const transfers = (await owner.get(`${A}/transfer_info`)).body.data.transfers;
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({
        out_trade_no: apiOrder,
        payer_name: '张三的公司',
        status: 'pending',
      });
    },
  );

  it.skipIf(skip)('invoices: addresses, titles, a request per paid order, the admin decides', async () => {
    const c = await signUp(base, nextPhone());
    const bad = await c.post(`${A}/invoice_add`, { title_type: 2, title: '某某传媒有限公司', tax_no: '123' });
    expect(bad.body.msg).toBe('请输入正确的纳税人识别号');
    expect(
      (
        await c.post(`${A}/invoice_address_add`, {
          receiver: '',
          phone: '13812345678',
          region: '北京市',
          address: 'x',
        })
      ).body.msg,
    ).toBe('收件人不能为空');
    const title = (
      await c.post(`${A}/invoice_add`, {
        title_type: 2,
        title: '某某传媒有限公司',
        tax_no: '91110000MA01ABCD1X',
      })
    ).body.data.id;
    const addr = (
      await c.post(`${A}/invoice_address_add`, {
        receiver: '王五',
        phone: '13812345678',
        region: '上海市',
        address: '浦东新区',
        is_default: '1',
      })
    ).body.data.id;
    const pending = (await c.post(`${A}/create_order`, { package_id: 'vip2_q' })).body.data.out_trade_no;
    const unpaid = await c.post(`${A}/invoice_order_add`, {
      out_trade_no: pending,
      invoice_id: title,
      address_id: addr,
    });
    expect(unpaid.body.msg).toBe(M.INVOICE_ORDER_UNPAID);
    const { outTradeNo } = await buy(c, 'vip2_q');
    const req = await c.post(`${A}/invoice_order_add`, {
      out_trade_no: outTradeNo,
      invoice_id: title,
      address_id: addr,
    });
    expect(req.body.error_code).toBe(0);
    expect(
      (await c.post(`${A}/invoice_order_add`, { out_trade_no: outTradeNo, invoice_id: title })).body.msg,
    ).toBe(M.INVOICE_EXISTS);
    // A later edit of the title does not change the request.
    await c.post(`${A}/invoice_update`, {
      id: title,
      title_type: 2,
      title: '改名公司',
      tax_no: '91110000MA01ABCD1X',
    });
    const mine = await c.get(`${A}/invoice_order_details`, { id: req.body.data.id });
    expect(mine.body.data).toMatchObject({
      status: 0,
      status_name: '待开票',
      amount: '199.00',
      out_trade_no: outTradeNo,
    });
    expect(mine.body.data.title_snapshot.title).toBe('某某传媒有限公司');

    const all = await admin.get(`${A}/admin_list_invoice_all`, { status: 0 });
    expect(all.body.data.list.some((r: { id: number }) => r.id === req.body.data.id)).toBe(true);
    expect(
      (await admin.post(`${A}/update_invoice_status`, { id: req.body.data.id, status: 1, remark: '已寄出' }))
        .body.msg,
    ).toBe(M.UPDATED);
    expect(
      (await admin.post(`${A}/update_invoice_status`, { id: req.body.data.id, status: 2 })).body.error_code,
    ).toBe(40000);
    const after = await c.get(`${A}/invoice_order_list`);
    expect(after.body.data.list[0]).toMatchObject({ status: 1, status_name: '已开票', remark: '已寄出' });
    expect((await c.get(`${A}/region_list_all`)).body.data).toHaveLength(34);
  });
});
