import { api, httpStatusOf, setCsrfToken } from './api.ts';
import { disconnectLive } from './live.ts';

export type Session = Awaited<ReturnType<typeof api.console.session.query>>;

let current: Session | null = null;

export function session(): Session | null {
  return current;
}

export function setSession(next: Session | null): void {
  current = next;
  setCsrfToken(next?.csrf_token);
  // The event stream belongs to the session that opened it.
  if (!next) disconnectLive();
}

/** Loads the session behind the cookie, if any; a 401 simply means "signed out". */
export async function loadSession(): Promise<void> {
  try {
    setSession(await api.console.session.query({}));
  } catch (error) {
    if (httpStatusOf(error) !== 401) throw error;
    setSession(null);
  }
}
