// The local session (spec §3 "Local session record"): localStorage 'userInfo', observable by the UI.
import { useMemo, useSyncExternalStore } from 'react';
import { SESSION_CHANGED_EVENT } from '../api/client';
import type { UserInfo } from '../api/types';

const SESSION_KEY = 'userInfo';

/** How the session was obtained, kept as the record's loginType. */
export type LoginType = 'phone' | 'wechat' | 'qq';

function readRaw(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const info = JSON.parse(raw) as Partial<UserInfo> | null;
    if (!info || typeof info.accessToken !== 'string' || info.accessToken === '') return null;
    return {
      accessToken: info.accessToken,
      name: typeof info.name === 'string' ? info.name : '',
      loginType: info.loginType ?? '',
      avatar: typeof info.avatar === 'string' ? info.avatar : '',
    };
  } catch {
    return null;
  }
}

const notify = () => window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));

export function getSession(): UserInfo | null {
  return parse(readRaw());
}

export function saveSession(
  data: { accessToken: string; name: string; avatar: string },
  loginType: LoginType,
) {
  const record: UserInfo = { accessToken: data.accessToken, name: data.name, avatar: data.avatar, loginType };
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(record));
  } catch {
    // storage unavailable: the session lasts as long as nothing reads it back
  }
  notify();
}

/** Spec §4: logout clears the local session. */
export function clearSession() {
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // nothing to clear
  }
  notify();
}

/** This tab's changes come as SESSION_CHANGED_EVENT; other tabs' as the storage event. */
function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SESSION_KEY) onChange();
  };
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session, re-rendering on login, logout and a 'user not logged in' answer. */
export function useSession(): UserInfo | null {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return useMemo(() => parse(raw), [raw]);
}
