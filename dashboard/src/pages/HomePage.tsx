import { Card } from 'antd';
import { AccountList } from '../components/AccountList';
import { SiteFigures } from '../components/SiteFigures';

export function HomePage() {
  return (
    <>
      <SiteFigures />
      <Card title="公众号列表">
        <AccountList kw="" />
      </Card>
    </>
  );
}
