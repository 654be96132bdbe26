import { localDateTime } from '../../common/time-zone.ts';

/**
 * Today and the time now in the user's time zone (issue 21): the quick-add parser reads "tomorrow"
 * and "9am" against them. The server's reading (common/time-zone.ts: Intl, with each zone's
 * daylight-saving rules, one formatter per zone); without a zone, the browser's own.
 */
export function userClock(timeZone?: string | null, moment: Date = new Date()): { today: string; now: string } {
  const { date, time } = localDateTime(moment, timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone);
  return { today: date, now: time };
}
