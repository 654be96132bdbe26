/**
 * Today and the time now in the user's time zone (issue 21): the quick-add parser reads "tomorrow"
 * and "9am" against them. Intl gives the zone's calendar day and clock for an instant, with its
 * daylight-saving rules; without a zone, the browser's own.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: screens read the clock on every render. */
function formatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format;
}

export function userClock(timeZone?: string | null, moment: Date = new Date()): { today: string; now: string } {
  const parts = formatIn(timeZone ?? undefined).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { today: `${part('year')}-${part('month')}-${part('day')}`, now: `${part('hour')}:${part('minute')}` };
}
