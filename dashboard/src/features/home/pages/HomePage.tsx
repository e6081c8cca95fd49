// Home (/, /indexs and every unknown path): search, live figures, entries to the product's parts, the live lists'
// top five and the first accounts. Kept free of tables so its JavaScript stays under budget.
import { SiteFigures } from '../../../components/SiteFigures';
import { HomeAccounts } from '../components/HomeAccounts';
import { HomeEntries } from '../components/HomeEntries';
import { HomeSearch } from '../components/HomeSearch';
import { HomeTopLists } from '../components/HomeTopLists';

export function HomePage() {
  return (
    <>
      <HomeSearch />
      <SiteFigures />
      <HomeEntries />
      <HomeTopLists />
      <HomeAccounts />
    </>
  );
}
