// Applies title/keywords/description of the current route and scrolls to top on navigation.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { API_PREFIX, readAccessToken } from '../api/client';
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
  const { pathname, search, key } = useLocation();

  useEffect(() => {
    const route = findRoute(pathname);
    document.title = route.title;
    setMetaTag('keywords', route.keywords);
    setMetaTag('description', route.description);
  }, [pathname]);

  // Every navigation (path or query change) starts at the top of the page and sends one page-view event.
  const locationKey = `${pathname}${search}`;
  const previous = useRef<string>(document.referrer);
  useEffect(() => {
    if (!locationKey) return;
    window.scrollTo(0, 0);
    // One event per history entry, however often React runs this effect for it (StrictMode, remounts).
    if (lastSent === key) return;
    lastSent = key;
    sendPageView(pathname, search, previous.current);
    previous.current = `${window.location.origin}/main${locationKey}`;
  }, [locationKey, pathname, search, key]);

  return null;
}

const VISITOR_KEY = 'gzh_vid';
/** The history entry (router location key) whose page view was sent last; a reload starts afresh. */
let lastSent = '';

/** An anonymous id per browser, so the data team can count visitors without knowing who they are. */
function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return '';
  }
}

/**
 * Fire and forget: a keepalive request survives the page being left, and a failure never disturbs the user. It
 * carries the accessToken header like every call, so a member's views are counted as theirs.
 */
function sendPageView(path: string, query: string, referrer: string): void {
  const vid = visitorId();
  const body = JSON.stringify({ path, query: query.replace(/^\?/, ''), referrer, ...(vid ? { vid } : {}) });
  void fetch(`${API_PREFIX}/common/v1/page_view`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', accessToken: readAccessToken() },
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
}
