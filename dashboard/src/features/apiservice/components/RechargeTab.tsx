// API page tab 2 (充值): the current balance, the packages to buy through the cashier, and recharge records.
import { Button, Statistic } from 'antd';
import { RetryAlert } from '../../../components/RetryAlert';
import { RechargeRecords, useApiPricing, useCheckout, useRemaining } from '../../center';

export function RechargeTab() {
  const remaining = useRemaining();
  const pricing = useApiPricing();
  const { buy, busy } = useCheckout();
  return (
    <div data-testid="recharge-tab">
      {remaining.isError && (
        <RetryAlert message={remaining.error.message} onRetry={() => remaining.refetch()} />
      )}
      <div style={{ display: 'flex', gap: 48 }} className="block-gap">
        <Statistic
          title="API 剩余次数"
          value={remaining.data?.api_balance ?? 0}
          loading={remaining.isPending}
          data-testid="recharge-balance"
        />
        <Statistic
          title="注册赠送"
          value={remaining.data?.trial_quota ?? 0}
          suffix="次"
          loading={remaining.isPending}
        />
      </div>
      <h3>选择充值套餐</h3>
      <div className="center-plan-grid block-gap">
        {(pricing.data?.packages ?? []).map((pkg) => (
          <div key={pkg.package_id} className="center-plan">
            <div className="center-plan-name">{pkg.name}</div>
            <div className="center-plan-price">¥{pkg.price}</div>
            <div className="center-plan-actions">
              <Button
                type="primary"
                loading={busy === pkg.package_id}
                onClick={() => buy(pkg)}
                data-testid={`recharge-${pkg.package_id}`}
              >
                充值
              </Button>
            </div>
          </div>
        ))}
      </div>
      <h3>充值记录</h3>
      <RechargeRecords />
    </div>
  );
}
