import { Card } from 'antd';
import { AccountList } from '../components/AccountList';
import { ListEntries } from '../components/ListEntries';
import { SiteFigures } from '../components/SiteFigures';

export function HomePage() {
  return (
    <>
      <SiteFigures />
      <ListEntries />
      <Card title="公众号列表">
        <AccountList kw="" />
      </Card>
    </>
  );
}
