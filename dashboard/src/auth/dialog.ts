// Opens the shared login dialog (spec §2) from anywhere: pages, the header, the /login routes.
import { useSyncExternalStore } from 'react';

/** The dialog's first screen: the login tabs, phone registration, or the password reset. */
export type LoginView = 'login' | 'register' | 'reset';

export interface LoginDialogState {
  open: boolean;
  view: LoginView;
  /** Bumped on every open so the dialog starts fresh. */
  seq: number;
  /** Called once when the dialog closes; `loggedIn` tells whether a session was stored. */
  onClose?: (loggedIn: boolean) => void;
}

let state: LoginDialogState = { open: false, view: 'login', seq: 0 };
const listeners = new Set<() => void>();
const set = (next: LoginDialogState) => {
  state = next;
  for (const l of listeners) l();
};

export function openLogin(options: { view?: LoginView; onClose?: (loggedIn: boolean) => void } = {}) {
  set({ open: true, view: options.view ?? 'login', seq: state.seq + 1, onClose: options.onClose });
}

export function closeLogin(loggedIn: boolean) {
  if (!state.open) return;
  const { onClose } = state;
  set({ ...state, open: false, onClose: undefined });
  onClose?.(loggedIn);
}

export function useLoginDialog(): LoginDialogState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/** The last page outside the login routes, so /login can return there (spec §2). */
let lastPage = '/';
export const LOGIN_PATHS = ['/login', '/zhongjian', '/register', '/loginMiddleware'];
export function rememberPage(path: string) {
  const pathname = path.split('?')[0] ?? path;
  if (!LOGIN_PATHS.includes(pathname)) lastPage = path;
}
export const previousPage = () => lastPage;
