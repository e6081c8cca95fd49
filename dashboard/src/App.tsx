import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { RouteMeta } from './components/RouteMeta';
import { appRoutes, HOME_ROUTE } from './routes';

const HomeComponent = HOME_ROUTE.component;

export function App() {
  return (
    <>
      <RouteMeta />
      <Routes>
        <Route element={<AppLayout />}>
          {appRoutes.map(({ path, component: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* Unknown paths show the home page */}
          <Route path="*" element={<HomeComponent />} />
        </Route>
      </Routes>
    </>
  );
}
