import { createContext, useContext } from 'react';
import { useSession } from '../../lib/session.tsx';

/**
 * The landing page is rendered twice: live in the app, and once per language into static
 * HTML the server sends for `/` (see static-landing.tsx). The static copy cannot know who is
 * signed in, so it carries both variants and /landing.js reveals the right one.
 */
const StaticMarkupContext = createContext(false);
export const StaticMarkupProvider = StaticMarkupContext.Provider;

export function useStaticMarkup(): boolean {
  return useContext(StaticMarkupContext);
}

/** Who the page is for: a guest, a signed-in user, or both (static HTML, decided in the browser). */
export type Audience = 'guest' | 'user' | 'both';

export function useAudience(): Audience {
  const staticMarkup = useStaticMarkup();
  const { session } = useSession();
  if (staticMarkup) return 'both';
  return session.status === 'authenticated' ? 'user' : 'guest';
}

/**
 * Marks an element for /landing.js: `data-session="user"` starts hidden and is shown when a
 * session is stored; `data-session="guest"` is hidden then.
 */
export function audienceProps(audience: Audience, target: 'guest' | 'user') {
  if (audience !== 'both') return {};
  return target === 'user' ? { 'data-session': 'user', hidden: true } : { 'data-session': 'guest' };
}
