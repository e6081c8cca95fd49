// The service pages' content, one entry per route; ServicePage renders the entry of the current path.
import { advertisingPages } from './content-advertising';
import { collectionPages } from './content-collection';
import { customPages } from './content-custom';
import type { ServiceContent } from './content-types';

export const SERVICE_PAGES: ServiceContent[] = [...collectionPages, ...advertisingPages, ...customPages];

export function serviceForPath(pathname: string): ServiceContent | undefined {
  return SERVICE_PAGES.find((p) => p.path.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase());
}
