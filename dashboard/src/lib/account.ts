// Field fallbacks for official accounts (spec: name→mp_name, wx→wxid, owner→zhuti).
interface AccountNames {
  name: string;
  mp_name: string;
  wx: string;
  wxid: string;
  owner: string;
  zhuti: string;
}

export const accountName = (a: Pick<AccountNames, 'name' | 'mp_name'>): string => a.name || a.mp_name || '';
export const accountWx = (a: Pick<AccountNames, 'wx' | 'wxid'>): string => a.wx || a.wxid || '';
export const accountOwner = (a: Pick<AccountNames, 'owner' | 'zhuti'>): string => a.owner || a.zhuti || '';

/** Path of the account detail page (spec: history tab is active=0). */
export function accountDetailPath(mid: number): string {
  return `/appsearch/detail?mid=${encodeURIComponent(String(mid))}&active=0`;
}

/** Spec: session storage `routernumber` is set to 10000 before opening a detail. */
export function markDetailNavigation(): void {
  try {
    sessionStorage.setItem('routernumber', '10000');
  } catch {
    // storage unavailable (private mode); navigation still works
  }
}
