import { isOverdue } from '../../../common/task-rules.ts';

/** A time of day (HH:MM) as the language writes it ("5:00 PM", "17:00", "५:०० pm"). */
export function timeText(time: string, language: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1, hour, minute)),
  );
}

/**
 * Overdue as cards and the detail show it (issue 21): due before today, or today at a time that has
 * passed (`now`, HH:MM where the person lives). The counters and filters stay by date (spec).
 */
export function isPastDue(
  task: { due_date: string | null; due_time: string | null; is_completed: number },
  today: string,
  now: string,
): boolean {
  return isOverdue(task, today) || (task.is_completed !== 1 && task.due_date === today && !!task.due_time && task.due_time < now);
}
