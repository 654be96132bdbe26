import { QueryClientContext } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../common/constants.ts';
import { User } from '../../common/schemas/user.schema.ts';
import { apiRequest, onUnauthorized } from './api-client.ts';
import { forgetOfflineCopy } from './offline/offline-cache.ts';
import { forgetPendingWrites, loadPendingWrites } from './offline/pending-writes.ts';
import { clearStoredSession, readStoredCredentials, storeSession } from './stored-session.ts';

export type Session = { status: 'loading' } | { status: 'guest' } | { status: 'authenticated'; user: User; token: string };

interface SessionContextValue {
  session: Session;
  signIn(user: User, token: string): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * A stored user as the app uses it. Any JSON object counts as parsable (spec §4); fields it
 * lacks are blank until the app layout refreshes the user from GET /api/user on entry.
 */
function storedUserFrom(value: unknown): User | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const parsed = User.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = value as Record<string, unknown>;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  const id = Number(fields.id);
  return {
    id: Number.isSafeInteger(id) && id > 0 ? id : 0,
    name: text('name'),
    email: text('email'),
    user_photo: typeof fields.user_photo === 'string' ? fields.user_photo : null,
    created_at: text('created_at'),
    email_verified_at: typeof fields.email_verified_at === 'string' ? fields.email_verified_at : null,
    time_zone: typeof fields.time_zone === 'string' ? fields.time_zone : null,
  };
}

/**
 * Spec §4: authenticated only when both a parsable user and a token are stored; an
 * unparsable user is discarded together with the token (web/lib/stored-session.ts).
 */
export function readStoredSession(): Session {
  const stored = readStoredCredentials();
  const user = stored && storedUserFrom(stored.user);
  return stored && user ? { status: 'authenticated', user, token: stored.token } : { status: 'guest' };
}

export { clearStoredSession };

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({ status: 'loading' });
  // Absent when the pages are rendered to static HTML at build time.
  const queryClient = useContext(QueryClientContext);
  const currentToken = useRef<string | null>(null);

  /**
   * Every session change goes through here. When the token changes (signed out, or signed in as
   * someone, here or in another tab), nothing fetched for the previous one is kept: its cached
   * user and tasks would otherwise be shown to, or written over, the next one.
   */
  const apply = useCallback(
    (next: Session, { keepWaitingWrites = false } = {}) => {
      const token = next.status === 'authenticated' ? next.token : null;
      if (currentToken.current !== null && token !== currentToken.current) {
        queryClient?.clear();
        void forgetOfflineCopy();
        // Signing out leaves nothing of the person's on the device; a sign-in that ended by itself
        // (expired, revoked elsewhere) keeps the changes made offline, sent after they sign in again.
        if (!keepWaitingWrites) void forgetPendingWrites();
      }
      // Signed in (here or in another tab): this person's writes still waiting on this device, if any.
      if (token !== null && token !== currentToken.current) void loadPendingWrites();
      currentToken.current = token;
      setSession(next);
    },
    [queryClient],
  );

  useEffect(() => {
    apply(readStoredSession());
    // Any 401 from the API ends the session; the route guards then send the user to /login.
    onUnauthorized(() => {
      clearStoredSession();
      apply({ status: 'guest' }, { keepWaitingWrites: true });
    });
    // Signing in or out in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) apply(readStoredSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [apply]);

  const signIn = useCallback(
    (user: User, token: string) => {
      storeSession(user, token);
      apply({ status: 'authenticated', user, token });
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    // Revoke the token on the server, but never keep someone signed in because it failed.
    await apiRequest('/api/user/logout', { method: 'POST' }).catch(() => undefined);
    clearStoredSession();
    apply({ status: 'guest' });
  }, [apply]);

  const value = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in user, or null when signed out or outside the session (a component rendered on its own). */
export function useSignedInUser(): User | null {
  const session = useContext(SessionContext)?.session;
  return session?.status === 'authenticated' ? session.user : null;
}

/** The signed-in user; only for components rendered behind the auth guard. */
export function useCurrentUser(): User {
  const { session } = useSession();
  if (session.status !== 'authenticated') throw new Error('useCurrentUser needs a signed-in session');
  return session.user;
}
