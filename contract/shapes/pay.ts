import { z } from 'zod';

/**
 * Alipay's async notification (pay/callback/alipay, api/v1/api_pay_callback, the sandbox cashier's payment): a
 * form of string fields (out_trade_no, trade_status, total_amount, sign…) that only its RSA2 signature vouches for,
 * so it is read whole and verified by members/payments.ts, not field by field here.
 */
export const alipayNotifyInput = z.record(z.string(), z.unknown());
