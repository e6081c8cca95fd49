// API 套餐 (/wordVip): buy API call packages through the existing recharge flow (api_create_order → cashier →
// /paySuccess), with the member's remaining calls. A visitor sees the packages and prices; buying asks for a login.
import { App, Card, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useSession } from '../../../auth/session';
import { PricingTab } from '../components/PricingTab';
import { RechargeTab } from '../components/RechargeTab';
import '../../../components/styles/center.css';
import '../apipages.css';

export function WordVipPage() {
  const session = useSession();
  return (
    <App component={false}>
      <Card title="API 套餐" data-testid="word-vip">
        <Typography.Paragraph>
          按次计费的调用套餐，购买后次数立即到账、长期有效；各接口每次扣除的次数见{' '}
          <Link to="/appsearch/word">API 接口列表</Link>。 还没有密钥？
          <Link to="/appsearch/applicatio">申请 API 密钥</Link>。
        </Typography.Paragraph>
        {session ? <RechargeTab /> : <PricingTab />}
      </Card>
    </App>
  );
}
