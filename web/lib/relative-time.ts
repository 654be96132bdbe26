/**
 * Spec §9 comment times (and, issue 22, notification times): under a minute 'Just now', under 60 minutes 'Nm ago', under 1440
 * minutes 'Nh ago', otherwise a short date, with the year when it is not this year.
 * Minutes and hours come from Intl.RelativeTimeFormat in the UI language.
 */
export function commentTimeText(iso: string, now: Date, language: string, justNow: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const minutes = Math.floor((now.getTime() - moment.getTime()) / 60_000);
  // A clock a little ahead of ours still means 'just now', never 'in 1 minute'.
  if (minutes < 1) return justNow;
  if (minutes < 60) return relativeFormat(language).format(-minutes, 'minute');
  if (minutes < 1440) return relativeFormat(language).format(-Math.floor(minutes / 60), 'hour');
  const sameYear = moment.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }).format(moment);
}

/**
 * English 'narrow' is exactly the spec's '5m ago'; in the other languages the narrow forms
 * are cryptic ('-5 min' in French, 'vor 5 m' in German), so they get the short style.
 */
const NARROW_LANGUAGES = new Set(['en']);
const formats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    const base = language.split('-')[0] ?? language;
    format = new Intl.RelativeTimeFormat(language, { style: NARROW_LANGUAGES.has(base) ? 'narrow' : 'short', numeric: 'always' });
    formats.set(language, format);
  }
  return format;
}

/** The full date and time, for the tooltip of a relative time. */
export function commentFullTime(iso: string, language: string): string {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(moment);
}
