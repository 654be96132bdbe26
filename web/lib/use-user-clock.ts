import { useEffect, useRef } from 'react';
import { UserResponse } from '../../common/schemas/user.schema.ts';
import { apiRequest } from './api-client.ts';
import { useApplyFreshUser } from './api/user-queries.ts';
import { useSignedInUser } from './session.tsx';
import { userClock } from './user-clock.ts';

/** The browser's own zone, the default of a person who has not chosen one. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The signed-in person's time zone (issue 21): theirs once set, the browser's until then. */
export function useUserTimeZone(): string {
  return useSignedInUser()?.time_zone || browserTimeZone();
}

/** Today and now where the person lives: what "today", "overdue" and "tomorrow 9am" are read against. */
export function useUserClock(): { today: string; now: string } {
  return userClock(useUserTimeZone());
}

/**
 * A person who has never chosen a time zone gets the browser's, once, so the server reads their
 * days (a repeating task's next date, a summary without the client's date) as they do. Settings
 * change it later.
 */
export function useTimeZoneFromBrowser(serverSaysNone: boolean) {
  const applyFreshUser = useApplyFreshUser();
  const sent = useRef(false);
  useEffect(() => {
    if (!serverSaysNone || sent.current) return;
    sent.current = true;
    apiRequest('/api/user/time-zone', { method: 'PUT', body: { time_zone: browserTimeZone() }, schema: UserResponse })
      .then(({ user }) => applyFreshUser(user))
      .catch(() => {
        // Offline or refused: the browser's zone is used meanwhile, and the next visit asks again.
        sent.current = false;
      });
  }, [serverSaysNone, applyFreshUser]);
}
