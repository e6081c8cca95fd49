// Home (/, /indexs and every unknown path): search, live figures, entries to the product's parts, the live lists'
// top five and the first accounts. Kept free of tables so its JavaScript stays under budget.
import { SiteFigures } from '../components/SiteFigures';
import { HomeAccounts } from '../components/shell/HomeAccounts';
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
      <HomeAccounts />
    </>
  );
}
