import { useEffect, useRef, useSyncExternalStore } from 'react';
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

// A page left open overnight moves to the new day by itself: the day is checked every minute and
// when the page comes back into view (a laptop woken in the morning), and only a change re-renders.
const dayWatchers = new Set<() => void>();
let dayTimer: ReturnType<typeof setInterval> | undefined;
const tellDayWatchers = () => {
  for (const watcher of dayWatchers) watcher();
};
function watchTheDay(watcher: () => void) {
  dayWatchers.add(watcher);
  if (dayWatchers.size === 1) {
    dayTimer = setInterval(tellDayWatchers, 60_000);
    document.addEventListener('visibilitychange', tellDayWatchers);
  }
  return () => {
    dayWatchers.delete(watcher);
    if (dayWatchers.size > 0) return;
    clearInterval(dayTimer);
    document.removeEventListener('visibilitychange', tellDayWatchers);
  };
}

/** Today in `timeZone`, re-rendering the screen when the day there changes. */
export function useToday(timeZone: string): string {
  return useSyncExternalStore(watchTheDay, () => userClock(timeZone).today);
}

/** Today and now where the person lives: what "today", "overdue" and "tomorrow 9am" are read against. */
export function useUserClock(): { today: string; now: string } {
  const timeZone = useUserTimeZone();
  useToday(timeZone);
  return userClock(timeZone);
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
