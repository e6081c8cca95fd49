// Routes of this part of the dashboard; routes.tsx merges them into the one route table.
import type { AppRoute } from '../../routes';

export const exploreRoutes: AppRoute[] = [];
