import { generateKeyPairSync } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../contract/member-texts';
import { rsa2Sign } from '../members/payments';
import { waitReady } from './harness';
import {
  buy,
  Client,
  hiddenFields,
  memberEngines,
  refusal,
  signUp,
  startMemberPlatform,
} from './members-harness';

const A = '/fbmain/account/v1';
const API = '/fbmain/api/v1';
const CALLBACK = '/fbmain/pay/callback/alipay';

/**
 * Reads one entry of a zip through its central directory, as spreadsheet programs do (a streamed entry carries
 * its sizes there and in a data descriptor, not in its local header).
 */
function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const packed = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.subarray(at + 46, at + 46 + nameLen).toString('utf8') === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      return inflateRawSync(zip.subarray(start, start + packed)).toString('utf8');
    }
    at += 46 + nameLen + extra + comment;
  }
  throw new Error(`${name} not in zip`);
}

const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(fields).toString(),
  });

describe.each(await memberEngines())(
  'orders, sandbox payment, callback, metering on $name',
  ({ name, skip }) => {
    let base = '';
    let stop = async () => {};
    let mid = 0;
    beforeAll(async () => {
      if (skip) return;
      const p = await startMemberPlatform(name, { SIM_ACCOUNTS: '3', CRAWL_DAYS: '2' });
      base = p.url;
      stop = p.stop;
      await waitReady(base);
      const found = await new Client(base).post('/fbmain/search/v1/key_search', { kw: '', num: 1 });
      mid = found.body.data.accounts[0].mid;
    });
    afterAll(() => stop());

    it.skipIf(skip)('shows levels and prices; refuses unknown packages and visitors', async () => {
      const v = new Client(base);
      const info = await v.get(`${A}/vip_info`);
      expect(info.body.data.vip_id).toBe(0);
      expect(
        info.body.data.levels.map((l: { vip_id: number; name: string }) => `${l.vip_id}${l.name}`),
      ).toEqual(['1普通会员', '2高级会员', '3豪华会员', '4超级会员']);
      expect(
        info.body.data.packages.find((p: { package_id: string }) => p.package_id === 'vip2_y'),
      ).toMatchObject({
        price: '699.00',
        vip_id: 2,
        months: 12,
      });
      expect((await v.get(`${API}/api_pricing`)).body.data.packages[0]).toMatchObject({
        package_id: 'api_1k',
        price: '50.00',
      });
      expect((await v.post(`${A}/create_order`, { package_id: 'vip2_y' })).body.msg).toBe(M.NOT_LOGGED_IN);
      const c = await signUp(base);
      expect((await c.post(`${A}/create_order`, { package_id: 'gold' })).body.msg).toBe(M.PACKAGE_UNKNOWN);
      expect((await c.post(`${API}/api_create_order`, { package_id: 'vip2_y' })).body.msg).toBe(
        M.PACKAGE_UNKNOWN,
      );
      const quote = await c.post(`${A}/vip_info`, { package_id: 'vip3_q' });
      expect(quote.body.data).toMatchObject({ price: '599.00', allowed: 1 });
    });

    it.skipIf(skip)(
      'a forged callback changes nothing; a valid one upgrades exactly once; replays are no-ops',
      async () => {
        const c = await signUp(base);
        const order = await c.post(`${A}/create_order`, { package_id: 'vip2_y' });
        expect(order.body.data).toMatchObject({ status: 'pending', total_amount: '699.00', paid: 0 });
        expect(order.body.data.img).toMatch(/^data:image\/png;base64,/);
        const no = order.body.data.out_trade_no;
        const checkout = await fetch(order.body.data.pay_url);
        const html = await checkout.text();
        expect(html).toContain('沙箱收银台');
        expect(html).toContain('¥699.00');
        const notify = hiddenFields(html);
        expect(notify).toMatchObject({ out_trade_no: no, trade_status: 'TRADE_SUCCESS', sign_type: 'RSA2' });

        const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
        const forgeries: Record<string, string>[] = [
          { ...notify, total_amount: '0.01' }, // tampered after signing
          { ...notify, sign: rsa2Sign({ ...notify }, stranger) }, // signed by someone else
          { ...notify, sign: '' }, // unsigned
          (() => {
            const f = { ...notify, total_amount: '0.01', receipt_amount: '0.01', buyer_pay_amount: '0.01' };
            return { ...f, sign: rsa2Sign(f, stranger) };
          })(),
        ];
        for (const f of forgeries) {
          const r = await postForm(`${base}${CALLBACK}`, f);
          expect(r.status).toBe(400);
          expect(await r.text()).toBe('failure');
        }
        expect((await c.get(`${A}/check_order_status`, { out_trade_no: no })).body.data).toEqual({
          out_trade_no: no,
          status: 'pending',
          paid: 0,
        });
        expect((await c.get('/fbmain/user/v1/user_profile')).body.data.vip_id).toBe(1);

        // The cashier's button: the sandbox forwards the signed notification to our callback.
        const pay = await fetch(`${base}/fbmain/pay/sandbox/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(notify).toString(),
          redirect: 'manual',
        });
        expect(pay.status).toBe(303);
        expect(pay.headers.get('location')).toBe(`/main/paySuccess?out_trade_no=${no}`);
        const status = await c.get(`${A}/check_order_status`, { out_trade_no: no });
        expect(status.body.data).toMatchObject({ status: 'paid', paid: 1 });
        const profile = (await c.get('/fbmain/user/v1/user_profile')).body.data;
        expect(profile).toMatchObject({ vip_id: 2, vip_name: '高级会员', history_months: 6 });
        expect(profile.vip_expire).toMatch(/^\d{4}-\d{2}-\d{2} /);

        // Replays, one after another and all at once: "success" for Alipay, nothing changes.
        const replay = await postForm(`${base}${CALLBACK}`, notify);
        expect(await replay.text()).toBe('success');
        await Promise.all(Array.from({ length: 10 }, () => postForm(`${base}${CALLBACK}`, notify)));
        expect((await c.get('/fbmain/user/v1/user_profile')).body.data.vip_expire).toBe(profile.vip_expire);
        const orders = await c.get(`${A}/list_user_order`);
        expect(orders.body.data.total).toBe(1);
        expect((await fetch(order.body.data.pay_url).then((r) => r.text())).includes(M.ORDER_PAID)).toBe(
          true,
        );
        expect((await c.get(`${A}/pay_info`, { out_trade_no: no })).body.data).toMatchObject({
          status: 'paid',
          pay_url: '',
        });
        // Another member cannot see the order.
        expect(refusal(await (await signUp(base)).get(`${A}/pay_info`, { out_trade_no: no }))).toBe(40004);
      },
    );

    it.skipIf(skip)('extends the same level, upgrades to a higher one, refuses a downgrade', async () => {
      const c = await signUp(base);
      await buy(c, 'vip2_q');
      const first = (await c.get('/fbmain/user/v1/user_profile')).body.data.vip_expire;
      await buy(c, 'vip2_q');
      const second = (await c.get('/fbmain/user/v1/user_profile')).body.data.vip_expire;
      expect(second > first).toBe(true);
      await buy(c, 'vip4_q');
      expect((await c.get('/fbmain/user/v1/user_profile')).body.data.vip_id).toBe(4);
      const down = await c.post(`${A}/create_order`, { package_id: 'vip3_y' });
      expect(down.body).toEqual({ error_code: 40000, msg: M.VIP_DOWNGRADE });
    });

    it.skipIf(skip)(
      'recharges the API balance once per paid order, even under concurrent replays',
      async () => {
        const c = await signUp(base);
        expect((await c.get(`${A}/user_remaining_amount`)).body.data).toMatchObject({
          remaining: 100,
          trial_quota: 100,
        });
        const order = await c.post(`${API}/api_create_order`, { package_id: 'api_1k' });
        const notify = hiddenFields(await fetch(order.body.data.pay_url).then((r) => r.text()));
        // The API page's own callback name is the same verified notification: unsigned is refused.
        const unsigned = await postForm(`${base}${API}/api_pay_callback`, { ...notify, sign: '' });
        expect(await unsigned.text()).not.toBe('success');
        expect((await c.get(`${A}/user_remaining_amount`)).body.data.remaining).toBe(100);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            postForm(`${base}${i % 2 ? CALLBACK : `${API}/api_pay_callback`}`, notify).then((r) => r.text()),
          ),
        );
        expect(answers.every((a) => a === 'success')).toBe(true);
        expect((await c.get(`${A}/user_remaining_amount`)).body.data.remaining).toBe(1100);
        expect(
          (await c.get(`${API}/api_check_order_status`, { out_trade_no: order.body.data.out_trade_no })).body
            .data.paid,
        ).toBe(1);
        const rec = await c.get(`${API}/api_recharge_record`);
        expect(rec.body.data.total).toBe(1);
        expect(rec.body.data.list[0]).toMatchObject({ total_amount: '50.00', status: 'paid' });
      },
    );

    it.skipIf(skip)(
      'meters API calls atomically: 200 parallel calls on a balance of 100 give 100 successes',
      async () => {
        const c = await signUp(base);
        const key = await c.post(`${API}/api_keys`, { name: '生产' });
        expect(key.body.data.key).toMatch(/^gzh_/);
        const k = key.body.data.key as string;
        const call = () =>
          fetch(`${base}/fbmain/openapi/v1/account?mid=${mid}`, { headers: { 'X-Api-Key': k } });
        const results = await Promise.all(Array.from({ length: 200 }, call));
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(100);
        expect(statuses.filter((s) => s === 402)).toHaveLength(100);
        const body = await results.find((r) => r.status === 402)?.json();
        expect(body).toEqual({ error_code: 40201, msg: M.API_BALANCE_EMPTY });
        expect((await c.get(`${A}/user_remaining_amount`)).body.data.remaining).toBe(0);
        const records = await c.get(`${API}/api_records`, { num: 5 });
        expect(records.body.data.total).toBe(100);
        expect(records.body.data.rows[0]).toMatchObject({
          kind: 'call',
          endpoint: 'account',
          amount: -1,
          balance_after: 0,
        });
        const usage = await c.get(`${API}/api_usage`);
        expect(usage.body.data).toMatchObject({ balance: 0, total_calls: 100 });
        const csv = await fetch(`${base}${API}/export_api_records`, {
          headers: { accessToken: c.token as string },
        });
        expect(csv.headers.get('content-type')).toContain('text/csv');
        const bytes = Buffer.from(await csv.arrayBuffer());
        // A UTF-8 byte-order mark first, so Excel reads the Chinese headers.
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
        expect(lines[0]).toBe('"时间","类型","接口","次数变化","剩余次数","备注"');
        expect(lines).toHaveLength(101);
        const book = await fetch(`${base}${API}/export_api_records?format=xlsx`, {
          headers: { accessToken: c.token as string },
        });
        expect(book.headers.get('content-type')).toBe(
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        const sheet = unzipEntry(Buffer.from(await book.arrayBuffer()), 'xl/worksheets/sheet1.xml');
        expect(sheet).toContain('<t xml:space="preserve">次数变化</t>');
        expect(sheet.match(/<row /g)).toHaveLength(101);
      },
    );

    it.skipIf(skip)('refunds calls that find nothing, refuses bad and revoked keys', async () => {
      const c = await signUp(base);
      const created = (await c.post(`${API}/api_keys`, {})).body.data;
      const get = (path: string, key: string) =>
        fetch(`${base}/fbmain/openapi/v1/${path}`, { headers: { 'X-Api-Key': key } });
      expect((await get('account?mid=1', created.key)).status).toBe(404);
      expect((await get(`account?mid=${mid}`, created.key)).status).toBe(200);
      expect((await c.get(`${A}/user_remaining_amount`)).body.data.remaining).toBe(99);
      expect((await get(`account?mid=${mid}`, 'gzh_wrong')).status).toBe(401);
      expect((await get('account?mid=abc', created.key)).status).toBe(400);
      expect((await c.del(`${API}/api_keys`, { id: created.id })).body.msg).toBe(M.DELETED);
      expect((await get(`account?mid=${mid}`, created.key)).status).toBe(401);
      expect((await c.get(`${API}/api_keys`)).body.data[0]).toMatchObject({ id: created.id, revoked: true });
    });
  },
);
