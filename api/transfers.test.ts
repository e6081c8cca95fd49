import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PHONE, type Client, memberEngines, refusal, signUp } from '../e2e/members-harness';
import { openServedApp, openServedAppOn } from '../e2e/served-app';

/**
 * 对公转账: a member declares a transfer for an unpaid order; an admin confirms it, which pays the order through
 * the payment callback's code (level and expiry as an online payment would give), or rejects it. Without the
 * TRANSFER_* configuration the member is told to pay online.
 */
const NOW = Date.parse('2026-11-01T12:00:00+08:00');
const A = '/fbmain/account/v1';
const REVIEW = '/fbmain/admin/v1/transfer_review';
const PAYEE = {
  TRANSFER_ACCOUNT_NAME: '某某数据科技有限公司',
  TRANSFER_BANK: '招商银行北京分行',
  TRANSFER_ACCOUNT_NO: '1109 0000 1234 5678',
};

describe.each(await memberEngines())(
  'bank transfers on a deployment that takes them, on $name',
  ({ name, skip }) => {
    let base: string;
    let close = async () => {};
    let admin: Client;
    let member: Client;
    beforeAll(async () => {
      if (skip) return;
      ({ base, close } = await openServedAppOn(name, 'transfers', NOW, {
        ADMIN_PHONES: ADMIN_PHONE,
        ...PAYEE,
      }));
      admin = await signUp(base, ADMIN_PHONE);
      member = await signUp(base);
    }, 60_000);
    afterAll(() => close());

    const order = async (c: Client, pkg: string) =>
      (await c.post(`${A}/create_order`, { package_id: pkg })).body.data.out_trade_no as string;

    it.skipIf(skip)(
      'shows the payee, takes a declaration, and an admin confirmation pays the order',
      async () => {
        const info = (await member.get(`${A}/transfer_info`)).body.data;
        expect(info).toMatchObject({
          configured: 1,
          account_name: PAYEE.TRANSFER_ACCOUNT_NAME,
          bank: PAYEE.TRANSFER_BANK,
          account_no: PAYEE.TRANSFER_ACCOUNT_NO,
          transfers: [],
        });
        const no = await order(member, 'vip3_q');
        const sent = await member.post(`${A}/transfer_submit`, {
          out_trade_no: no,
          payer_name: '某某广告有限公司',
          reference: 'HD20261101-0001',
        });
        expect(sent.body.error_code).toBe(0);
        const again = await member.post(`${A}/transfer_submit`, {
          out_trade_no: no,
          payer_name: '某某广告有限公司',
          reference: 'HD20261101-0002',
        });
        expect(again.body.msg).toBe('该订单已有待确认的转账，请等待管理员核对');

        const mine = (await member.get(`${A}/transfer_info`)).body.data.transfers;
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({ out_trade_no: no, status: 'pending', total_amount: '599.00' });

        const pending = (await admin.get('/fbmain/admin/v1/transfers', { status: 'pending' })).body.data;
        const row = pending.list.find((t: { out_trade_no: string }) => t.out_trade_no === no);
        expect(row).toMatchObject({
          payer_name: '某某广告有限公司',
          reference: 'HD20261101-0001',
          order_status: 'pending',
        });

        expect(
          (await admin.post(REVIEW, { id: row.id, action: 'confirm', note: '已核对招行回单' })).body
            .error_code,
        ).toBe(0);
        const paid = (await member.get(`${A}/pay_info`, { out_trade_no: no })).body.data;
        expect(paid.status).toBe('paid');
        const profile = (await member.get('/fbmain/user/v1/user_profile')).body.data;
        expect(profile.vip_id).toBe(3);
        // Confirming twice changes nothing.
        expect((await admin.post(REVIEW, { id: row.id, action: 'confirm' })).body.msg).toBe('该转账已处理');
        expect((await member.get(`${A}/transfer_info`)).body.data.transfers[0]).toMatchObject({
          status: 'confirmed',
          order_status: 'paid',
          review_note: '已核对招行回单',
        });
        // A paid order takes no further transfer.
        const late = await member.post(`${A}/transfer_submit`, {
          out_trade_no: no,
          payer_name: '某公司',
          reference: 'X1234',
        });
        expect(late.body.msg).toBe('该订单已支付，无需转账');
      },
    );

    it.skipIf(skip)('rejects, and refuses bad input, other members’ orders and non-admins', async () => {
      const no = await order(member, 'api_1k');
      const id = (
        await member.post(`${A}/transfer_submit`, {
          out_trade_no: no,
          payer_name: '某公司',
          reference: 'R0001',
        })
      ).body.data.id;
      expect(refusal(await member.post(REVIEW, { id, action: 'confirm' }))).toBe(40002);
      expect(refusal(await member.get('/fbmain/admin/v1/transfers'))).toBe(40002);
      expect((await admin.post(REVIEW, { id, action: 'reject', note: '未查到到账' })).body.error_code).toBe(
        0,
      );
      expect((await member.get(`${A}/pay_info`, { out_trade_no: no })).body.data.status).toBe('pending');
      // After a rejection the member may declare again.
      const retry = await member.post(`${A}/transfer_submit`, {
        out_trade_no: no,
        payer_name: '某公司',
        reference: 'R0002',
      });
      expect(retry.body.error_code).toBe(0);

      const other = await signUp(base);
      const theirs = await other.post(`${A}/transfer_submit`, {
        out_trade_no: no,
        payer_name: '某公司',
        reference: 'R0003',
      });
      expect(refusal(theirs)).toBe(40004);
      expect(
        (
          await member.post(`${A}/transfer_submit`, {
            out_trade_no: no,
            payer_name: '某',
            reference: 'R0004',
          })
        ).body.msg,
      ).toBe('请填写付款单位名称');
      expect(
        (
          await member.post(`${A}/transfer_submit`, {
            out_trade_no: no,
            payer_name: '某公司',
            reference: '流水',
          })
        ).body.msg,
      ).toMatch(/银行流水号或回单号/);
      expect((await admin.post(REVIEW, { id, action: 'pay' })).body.msg).toMatch(/操作只能是/);
      expect((await admin.post(REVIEW, { id: 999_999, action: 'reject' })).body.msg).toBe('转账记录不存在');
    });
  },
);

describe('bank transfers on a deployment without a payee', () => {
  it('says transfers are not configured and takes none', async () => {
    const { base, close } = await openServedApp('transfers-off', NOW);
    try {
      const member = await signUp(base);
      expect((await member.get(`${A}/transfer_info`)).body.data).toMatchObject({
        configured: 0,
        account_no: '',
      });
      const no = (await member.post(`${A}/create_order`, { package_id: 'vip2_q' })).body.data.out_trade_no;
      const r = await member.post(`${A}/transfer_submit`, {
        out_trade_no: no,
        payer_name: '某公司',
        reference: 'R0001',
      });
      expect(r.body.msg).toBe('本站未开通对公转账，请使用在线支付');
    } finally {
      await close();
    }
  }, 60_000);
});
