// Applies title/keywords/description of the current route and scrolls to top on navigation.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { findRoute } from '../routes';

function setMetaTag(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

export function RouteMeta() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    const route = findRoute(pathname);
    document.title = route.title;
    setMetaTag('keywords', route.keywords);
    setMetaTag('description', route.description);
  }, [pathname]);

  // Every navigation (path or query change) starts at the top of the page.
  const locationKey = `${pathname}${search}`;
  useEffect(() => {
    if (locationKey) window.scrollTo(0, 0);
  }, [locationKey]);

  return null;
}
