// Home (/, /indexs and every unknown path): search, live figures, entries to the product's parts, the live lists'
// top five and the account list.
import { Card } from 'antd';
import { AccountList } from '../components/AccountList';
import { SiteFigures } from '../components/SiteFigures';
import { HomeEntries } from '../components/shell/HomeEntries';
import { HomeSearch } from '../components/shell/HomeSearch';
import { HomeTopLists } from '../components/shell/HomeTopLists';

export function HomePage() {
  return (
    <>
      <HomeSearch />
      <SiteFigures />
      <HomeEntries />
      <HomeTopLists />
      <Card title="公众号列表">
        <AccountList kw="" />
      </Card>
    </>
  );
}
