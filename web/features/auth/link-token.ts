import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The `token` of a link mailed to an address (/verify-email, /reset-password, /invitation): read
 * once, then taken out of the address bar by replacing the history entry, so the secret does not
 * stay in the history, in a bookmark or in a screenshot of the address bar.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => {
    const value = new URLSearchParams(location.search).get('token');
    return value && value.trim() ? value.trim() : null;
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('token')) return;
    params.delete('token');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [location, navigate]);
  return token;
}

export type LinkCall<T> =
  { status: 'missing' } | { status: 'working' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

/**
 * One call per link and page load. A verification or reset link is single-use, so React's
 * StrictMode (which runs effects twice in development) or a page mounted again must not spend it
 * twice: the first call's promise is kept here and every later mount reads its outcome.
 */
const calls = new Map<string, Promise<unknown>>();

export function useLinkCall<T>(kind: string, token: string | null, call: (token: string) => Promise<T>): LinkCall<T> {
  const [state, setState] = useState<LinkCall<T>>(token ? { status: 'working' } : { status: 'missing' });
  useEffect(() => {
    if (!token) return;
    const key = `${kind}:${token}`;
    let pending = calls.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = call(token);
      calls.set(key, pending);
    }
    let active = true;
    pending.then(
      (value) => active && setState({ status: 'done', value }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
    // `call` is read once per token on purpose: a new closure on each render is not a new link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, token]);
  return state;
}
