import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { paths } from './paths.ts';

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Protected routes: unauthenticated visits go to /login (history replaced), remembering where. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return null;
  if (session.status === 'guest') {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  return <>{children}</>;
}

/** /login and /signup: a signed-in user goes back where they came from, else /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return null;
  if (session.status === 'authenticated') {
    const from = (location.state as FromState | null)?.from;
    const target = from && from.pathname !== paths.login && from.pathname !== paths.signup ? from : paths.dashboard;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
