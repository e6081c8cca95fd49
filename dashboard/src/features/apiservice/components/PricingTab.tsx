// API page tab 0 (价格): the API packages and what each open-API endpoint costs, from api_pricing.
import { Alert, Button, Skeleton, Table } from 'antd';
import { Link } from 'react-router-dom';
import { RetryAlert } from '../../../components/RetryAlert';
import { useApiPricing, useCheckout } from '../../center';

export function PricingTab() {
  const pricing = useApiPricing();
  const { buy, busy } = useCheckout();
  if (pricing.isPending) return <Skeleton active />;
  if (pricing.isError)
    return <RetryAlert message={pricing.error.message} onRetry={() => pricing.refetch()} />;
  const p = pricing.data;
  return (
    <div data-testid="pricing-tab">
      <Alert
        className="block-gap"
        type="info"
        showIcon
        title={`${p.trial_quota_note}；按次计费，没有查到数据或调用失败时自动退还本次次数。`}
      />
      <div className="center-plan-grid block-gap">
        {p.packages.map((pkg) => (
          <div key={pkg.package_id} className="center-plan" data-testid={`api-plan-${pkg.package_id}`}>
            <div className="center-plan-name">{pkg.name}</div>
            <div className="center-plan-price">
              ¥{pkg.price}
              <small>约 ¥{((pkg.price_fen / 100 / (pkg.calls ?? 1)) * 1).toFixed(3)} / 次</small>
            </div>
            <div className="center-plan-actions">
              <Button
                type="primary"
                loading={busy === pkg.package_id}
                onClick={() => buy(pkg)}
                data-testid={`api-buy-${pkg.package_id}`}
              >
                立即购买
              </Button>
            </div>
          </div>
        ))}
      </div>
      <h3>接口计费</h3>
      <Table
        rowKey="name"
        size="middle"
        pagination={false}
        dataSource={p.endpoints}
        columns={[
          { title: '接口', dataIndex: 'summary' },
          { title: '方法', dataIndex: 'method', width: 80 },
          { title: '地址', dataIndex: 'path', render: (v) => <code>{v}</code> },
          { title: '计费', dataIndex: 'cost_note' },
        ]}
      />
      <p style={{ marginTop: 16 }}>
        完整的参数与返回说明见 <Link to="/appsearch/APIAssemble">API 接口文档</Link>（可在线调试），或下载{' '}
        <a href={p.openapi} target="_blank" rel="noreferrer">
          OpenAPI 文档
        </a>
        。
      </p>
    </div>
  );
}
