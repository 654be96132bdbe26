import type { Session } from '../../../common/schemas/settings.schema.ts';

export interface SessionNameTexts {
  /** "{{browser}} on {{os}}" */
  both: string;
  /** "A browser on {{os}}" */
  osOnly: string;
  /** "Unknown browser" */
  unknown: string;
}

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * "Chrome on Android" in the UI language. The browser and system names come from the server
 * (ua-parser-js) and stay as they are; either may be null when the User-Agent named none.
 * Names are wrapped in first-strong isolates so a Latin name keeps its place in an Arabic line.
 */
export function sessionName(session: Pick<Session, 'browser' | 'os'>, texts: SessionNameTexts): string {
  const isolate = (name: string) => `\u2068${name}\u2069`;
  if (session.browser && session.os) return fill(texts.both, { browser: isolate(session.browser), os: isolate(session.os) });
  if (session.browser) return session.browser;
  if (session.os) return fill(texts.osOnly, { os: isolate(session.os) });
  return texts.unknown;
}

/** Phones and tablets by their system; everything else is a computer. */
export function sessionDevice(session: Pick<Session, 'os'>): 'mobile' | 'computer' {
  return session.os && /android|ios|ipados|harmonyos|kaios|windows phone/i.test(session.os) ? 'mobile' : 'computer';
}

/** This device first, then the most recently active. */
export function sortSessions<T extends Pick<Session, 'current' | 'last_used_at' | 'created_at' | 'id'>>(sessions: readonly T[]): T[] {
  const active = (session: T) => session.last_used_at ?? session.created_at;
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current) || active(b).localeCompare(active(a)) || b.id - a.id);
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "yesterday", "2 weeks ago" in the UI language; under a minute (or a clock a
 * little ahead of ours) is `justNow`.
 */
export function lastActiveText(iso: string, now: Date, language: string, justNow: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  const seconds = Math.floor((now.getTime() - moment.getTime()) / 1000);
  if (seconds < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  return justNow;
}

/** The date of a sign-in, with the time: "12 Mar 2025, 14:05" as the language writes it. */
export function signedInText(iso: string, language: string): string {
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime())
    ? ''
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(moment);
}
