/**
 * Today and the time now in the user's time zone (issue 21): the quick-add parser reads "tomorrow"
 * and "9am" against them. Intl gives the zone's calendar day and clock for an instant, with its
 * daylight-saving rules; without a zone, the browser's own.
 */
export function userClock(timeZone?: string | null, moment: Date = new Date()): { today: string; now: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { today: `${part('year')}-${part('month')}-${part('day')}`, now: `${part('hour')}:${part('minute')}` };
}
