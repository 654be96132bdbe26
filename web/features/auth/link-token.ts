import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The `token` of a link mailed to an address (/verify-email, /reset-password, /invitation): read
 * once, then taken out of the address bar by replacing the history entry, so the secret does not
 * stay in the history, in a bookmark or in a screenshot of the address bar. `putBack()` returns it
 * to the address, for a page about to hand its link to the sign-in guard (which remembers the
 * address it was at).
 */
export function useLinkToken(): { token: string | null; putBack(): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const keep = useRef(false);
  const [token] = useState(() => {
    const value = new URLSearchParams(location.search).get('token');
    return value && value.trim() ? value.trim() : null;
  });
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (keep.current || !params.has('token')) return;
    params.delete('token');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [location, navigate]);
  const putBack = useCallback(() => {
    if (!token) return;
    keep.current = true;
    const params = new URLSearchParams(location.search);
    params.set('token', token);
    void navigate({ pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash }, { replace: true });
  }, [token, location, navigate]);
  return { token, putBack };
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
