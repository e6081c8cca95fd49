// Buying a package: check the quote, create the order, then go to the cashier (the sandbox checkout page or
// Alipay), which returns to /main/paySuccess?out_trade_no=… once paid.
import { App } from 'antd';
import { useState } from 'react';
import type { PackageView } from '../../../../../contract/shapes/orders';
import { messageOf } from '../../../api/errors';
import { openLogin } from '../../../auth/dialog';
import { useSession } from '../../../auth/session';
import { createOrder, quote } from './center-queries';

export function useCheckout() {
  const { message, modal } = App.useApp();
  const session = useSession();
  const [busy, setBusy] = useState('');

  const go = async (pkg: PackageView) => {
    setBusy(pkg.package_id);
    try {
      const order = await createOrder(pkg.package_id, pkg.kind);
      window.location.assign(order.pay_url);
    } catch (e) {
      message.error(messageOf(e));
      setBusy('');
    }
  };

  const buy = async (pkg: PackageView) => {
    if (!session) {
      openLogin();
      return;
    }
    if (pkg.kind === 'vip') {
      // The server decides whether this member may buy it (a higher level cannot buy a lower one).
      try {
        const q = await quote(pkg.package_id);
        if (!q.allowed) {
          message.warning(q.reason);
          return;
        }
      } catch (e) {
        message.error(messageOf(e));
        return;
      }
    }
    modal.confirm({
      title: '确认购买',
      content: `${pkg.name}，应付 ¥${pkg.price}。确认后前往收银台支付。`,
      okText: '去支付',
      cancelText: '取消',
      onOk: () => go(pkg),
    });
  };

  return { buy, busy };
}
