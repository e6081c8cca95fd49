// Query parameters the explore pages read from the URL, so each view can be shared and the back button works.

/** A positive account id from ?mid=, or null when absent or not a number. */
export function midParam(params: URLSearchParams): number | null {
  const n = Number(params.get('mid') ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A 1-based page from ?page=, 1 when absent or invalid. */
export function pageParam(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** A trimmed text parameter ('' when absent). */
export const textParam = (params: URLSearchParams, key: string) => (params.get(key) ?? '').trim();
