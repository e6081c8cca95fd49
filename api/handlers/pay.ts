import { type Context, Hono } from 'hono';
import { contract } from '../../contract';
import { M } from '../../contract/member-texts';
import { esc, page } from '../../members/pages';
import { alipayTime, rsa2Sign } from '../../members/payments';
import { yuan } from '../../members/pricing';
import { newToken } from '../../members/tokens';
import type { ApiDeps } from '../deps';
import { Codes, failWithStatus } from '../envelope';
import { handleOwn, type Mounted, type Refusals } from '../http/mount';

const { pay } = contract;

/** Reads an async notification: Alipay posts application/x-www-form-urlencoded, every value a string. */
async function notifyParams(c: Context): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  try {
    const body = await c.req.parseBody();
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  } catch {
    // An unreadable body has no signature and is refused below.
  }
  return out;
}

/**
 * Alipay's async notification: verified, matched to its order and amount, and credited once. Alipay retries
 * until it reads "success"; a replay of a processed payment also answers success.
 */
export function alipayCallback(deps: ApiDeps) {
  const m = deps.members;
  return async (_: unknown, c: Context) => {
    const params = await notifyParams(c);
    const r = await m.orders.handleNotify(params);
    if (!r.verified) {
      deps.log.warn({ out_trade_no: params.out_trade_no, reason: r.reason }, 'payment notification refused');
      return c.text('failure', 400);
    }
    deps.log.info({ out_trade_no: params.out_trade_no, result: r.reason }, 'payment notification');
    return c.text('success');
  };
}

/** /fbmain/pay: Alipay's async notification, and the demo's sandbox cashier. */
export function payHandlers(deps: ApiDeps): Mounted[] {
  const m = deps.members;
  const callback = new Hono().post('/', (c) => alipayCallback(deps)(null, c));

  // The sandbox cashier exists only in demo mode without a real Alipay account (core/demo-mode.ts): there
  // anyone may pay any pending order, which only a demo can allow.
  // Its pages are browser pages, not calls: off, they are HTTP 404 (docs/api.md "HTTP 状态码规则").
  const sandboxOnly: Refusals['gate'] = (c) =>
    m.alipay.mode === 'sandbox' && m.demo.sandboxPay
      ? null
      : failWithStatus(c, 404, Codes.NOT_FOUND, M.SANDBOX_OFF);

  return [
    handleOwn(pay.callbackAlipay, alipayCallback(deps)),

    /**
     * Shows the order and a "pay" button. The form carries the notification Alipay would send, signed
     * with the sandbox key; paying posts it to the callback handler, which verifies it like any other.
     */
    handleOwn(
      pay.checkout,
      async ({ out_trade_no }, c) => {
        const o = await m.orders.get(out_trade_no);
        if (!o) return c.html(page('订单不存在', `<h1>${M.ORDER_NOT_FOUND}</h1>`), 404);
        if (o.status !== 'pending') {
          const [title, msg] =
            o.status === 'paid' ? ['订单已支付', M.ORDER_PAID] : ['订单已关闭', M.ORDER_CLOSED];
          return c.html(page(title, `<h1>${msg}</h1><p>订单号 ${esc(o.out_trade_no)}</p>`));
        }
        const now = alipayTime();
        const notify: Record<string, string> = {
          notify_time: now,
          notify_type: 'trade_status_sync',
          notify_id: newToken(16),
          app_id: m.alipay.appId,
          charset: 'utf-8',
          version: '1.0',
          sign_type: 'RSA2',
          trade_no: `SANDBOX${Date.now()}${newToken(4).replace(/[-_]/g, '0')}`,
          out_trade_no: o.out_trade_no,
          trade_status: 'TRADE_SUCCESS',
          total_amount: yuan(Number(o.amount_fen)),
          receipt_amount: yuan(Number(o.amount_fen)),
          buyer_pay_amount: yuan(Number(o.amount_fen)),
          subject: o.subject,
          gmt_create: o.created_at,
          gmt_payment: now,
        };
        notify.sign = rsa2Sign(notify, m.alipay.appPrivateKey);
        const fields = Object.entries(notify)
          .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
          .join('\n');
        return c.html(
          page(
            '沙箱收银台',
            `<h1>沙箱收银台</h1>
<p class="demo">演示环境：不会产生真实扣款。</p>
<p>${esc(o.subject)}</p><div class="amount">¥${yuan(Number(o.amount_fen))}</div>
<p>订单号 ${esc(o.out_trade_no)}</p>
<form method="post" action="/fbmain/pay/sandbox/pay">
${fields}
<button class="alipay" type="submit">确认支付</button></form>`,
          ),
        );
      },
      {
        gate: sandboxOnly,
        invalid: (c, e) => {
          const msg = e.issues[0]?.message ?? '订单号 (out_trade_no) 无效';
          return c.html(page('订单号无效', `<h1>${esc(msg)}</h1>`), 400);
        },
      },
    ),

    handleOwn(
      pay.pay,
      async (_, c) => {
        const params = await notifyParams(c);
        // Posted as a form to the callback handler itself (in-process, so no Host header decides where it goes).
        const res = await callback.request('/', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: new URLSearchParams(params).toString(),
        });
        const answer = await res.text();
        // A notification the callback refuses (400: forged, unknown order, wrong amount) is bad input; anything
        // else from the callback is its own failure, passed on as a bad gateway.
        if (answer !== 'success')
          return c.html(
            page('支付失败', '<h1>支付失败</h1><p>支付结果通知未被接受，请重试。</p>'),
            res.status === 400 ? 400 : 502,
          );
        return c.redirect(
          `/main/paySuccess?out_trade_no=${encodeURIComponent(params.out_trade_no ?? '')}`,
          303,
        );
      },
      { gate: sandboxOnly },
    ),
  ];
}
