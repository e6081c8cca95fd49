import { defineCall, ownAnswer } from '../define';
import { orderNoInput } from '../shapes/orders';
import { alipayNotifyInput } from '../shapes/pay';

/** The /fbmain/pay calls. */
export const pay = {
  callbackAlipay: defineCall({
    group: 'Pay',
    name: 'callback/alipay',
    methods: ['POST'],
    path: '/pay/callback/alipay',
    access: 'public',
    envelope: 'own',
    origin: 'spec',
    summary:
      '支付宝异步通知：验签、核对订单与金额后把订单记为已支付并开通会员或充值，重复通知也回成功；回纯文本 success，拒绝时回 failure。',
    input: alipayNotifyInput,
    output: ownAnswer,
  }),
  checkout: defineCall({
    group: 'Pay',
    name: 'checkout',
    methods: ['GET'],
    path: '/pay/sandbox/checkout',
    access: 'public',
    envelope: 'own',
    origin: 'platform',
    summary:
      '沙箱收银台页（仅沙箱支付模式）：显示订单（out_trade_no）与付款按钮，表单带用沙箱密钥签名的支付通知。',
    input: orderNoInput,
    output: ownAnswer,
  }),
  pay: defineCall({
    group: 'Pay',
    name: 'pay',
    methods: ['POST'],
    path: '/pay/sandbox/pay',
    access: 'public',
    envelope: 'own',
    origin: 'platform',
    summary:
      '沙箱收银台的付款（仅沙箱支付模式）：把签名的支付通知交给支付回调处理，成功后跳转到支付成功页，失败时回结果页。',
    input: alipayNotifyInput,
    output: ownAnswer,
  }),
};
