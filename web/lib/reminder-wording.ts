/**
 * "15 minutes before", "2 hours before", "1 day before", "At the due time": a reminder's offset in
 * the `reminders` texts, for the task dialog and Settings → Notifications' default reminder.
 */
export function offsetText(minutes: number, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (minutes === 0) return t('atDueTime');
  if (minutes % 10_080 === 0) return t('weeksBefore', { count: minutes / 10_080 });
  if (minutes % 1440 === 0) return t('daysBefore', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('hoursBefore', { count: minutes / 60 });
  return t('minutesBefore', { count: minutes });
}
