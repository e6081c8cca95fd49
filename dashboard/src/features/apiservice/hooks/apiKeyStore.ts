// The API key the docs, detail, sample and application pages fill in: kept in this browser only (localStorage),
// because the server keeps only a key's hash and shows the key once.
const KEY_STORAGE = 'openApiKey';

export function readStoredKey(): string {
  try {
    return localStorage.getItem(KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

export function storeKey(k: string): void {
  try {
    localStorage.setItem(KEY_STORAGE, k);
  } catch {
    // storage unavailable: the key lives for this page only
  }
}
