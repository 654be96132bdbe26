import { STORAGE_KEYS } from '../../common/constants.ts';
import type { User } from '../../common/schemas/user.schema.ts';
import { storage } from './storage.ts';

/**
 * The session as it is stored (spec §4), for the app (web/lib/session.tsx) and the static
 * pages' scripts (web/static) alike: no React, no schemas, so those scripts stay small.
 */

/**
 * A token and a parsable user (any JSON object), else null; whatever else is stored is
 * discarded, both keys together.
 */
export function readStoredCredentials(): { token: string; user: object } | null {
  const token = storage.get(STORAGE_KEYS.token);
  const rawUser = storage.get(STORAGE_KEYS.user);
  if (token && rawUser) {
    try {
      const user: unknown = JSON.parse(rawUser);
      if (typeof user === 'object' && user !== null && !Array.isArray(user)) return { token, user };
    } catch {
      /* fall through: clear both */
    }
  }
  if (token || rawUser) clearStoredSession();
  return null;
}

/** The stored user's id, or null: what the device's offline stores are kept under (web/lib/offline). */
export function storedUserId(): number | null {
  const id = (readStoredCredentials()?.user as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

/** Signing in stores both. */
export function storeSession(user: User, token: string) {
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  storage.set(STORAGE_KEYS.token, token);
}

/** Signing out, or a 401, clears both. */
export function clearStoredSession() {
  storage.remove(STORAGE_KEYS.user);
  storage.remove(STORAGE_KEYS.token);
}
