import { useQuery } from '@tanstack/react-query';
import { AlarmClock, BellRing, Check, X } from 'lucide-react';
import { Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REMINDER_PRESETS, type Reminder } from '../../../common/schemas/reminder.schema.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { zonedInstant } from '../../../common/time-zone.ts';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { remindersQuery, useChangeReminders } from '../../lib/api/reminder-queries.ts';
import { useUserTimeZone } from '../../lib/use-user-clock.ts';
import { offsetText } from '../../lib/reminder-wording.ts';

const CUSTOM = 'custom';

/**
 * The detail dialog's reminders (issue 22): the person's own, soonest first, each removable; a new
 * one from the usual offsets before the due moment, or a moment of their choosing (read in their
 * time zone). Its texts load on their own, so the dialog never waits for them.
 */
export function TaskReminders({ task }: { task: Task }) {
  return (
    <Suspense fallback={null}>
      <RemindersSection task={task} />
    </Suspense>
  );
}

function RemindersSection({ task }: { task: Task }) {
  const { t, i18n } = useTranslation('reminders');
  const toast = useToast();
  const timeZone = useUserTimeZone();
  const headingId = useId();
  const choiceId = useId();
  const momentId = useId();
  const reminders = useQuery(remindersQuery(task.id));
  const { add, remove } = useChangeReminders(task.id);
  const [choice, setChoice] = useState('');
  const [moment, setMoment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A removed reminder takes its button with it: focus goes to the list of offsets, not the page.
  const chooser = useRef<HTMLSelectElement>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const failed = (error: unknown, fallback: string) => setProblem(errorMessage(error, fallback, t('common:errors.pleaseTryAgain')));

  const added = {
    onSuccess: () => {
      setChoice('');
      setMoment('');
      toast.show(t('added'));
      // The button goes with the choice: focus returns to the list (never disabled, so it can take it).
      chooser.current?.focus();
    },
    onError: (error: unknown) => failed(error, t('addFailed')),
  };
  // Choosing only picks (arrow keys on a closed list change it); the button adds.
  const addChosen = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (choice === '') return;
    if (choice !== CUSTOM) return add.mutate({ offset_minutes: Number(choice) }, added);
    const [date, time] = moment.split('T');
    if (!date || !time) return setProblem(t('momentRequired'));
    add.mutate({ remind_at: zonedInstant(date, time.slice(0, 5), timeZone).toISOString() }, added);
  };

  const list = reminders.data ?? [];
  return (
    <section aria-labelledby={headingId} data-testid="detail-reminders">
      <h3 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('title')}
      </h3>
      {list.length > 0 && (
        <ul className="mb-2 space-y-1">
          {list.map((reminder) => (
            <ReminderRow
              key={reminder.id}
              reminder={reminder}
              label={reminder.offset_minutes === null ? t('atMoment') : offsetText(reminder.offset_minutes, t)}
              when={reminder.fire_at ? when(reminder.fire_at) : t('noDueDate')}
              state={reminder.state === 'sent' ? t('sent') : reminder.state === 'cancelled' ? t('off') : null}
              removeLabel={t('remove')}
              onRemove={() =>
                remove.mutate(reminder.id, {
                  onSuccess: () => chooser.current?.focus(),
                  onError: (error) => failed(error, t('removeFailed')),
                })
              }
            />
          ))}
        </ul>
      )}
      <form onSubmit={addChosen} className="flex flex-wrap items-center gap-2">
        <label htmlFor={choiceId} className="sr-only">
          {t('add')}
        </label>
        <select
          ref={chooser}
          id={choiceId}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="tap-target h-9 max-w-full rounded-control border border-line bg-surface px-2 text-sm text-fg"
          data-testid="reminder-choice"
        >
          <option value="">{t('add')}</option>
          {REMINDER_PRESETS.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {offsetText(minutes, t)}
            </option>
          ))}
          <option value={CUSTOM}>{t('chooseMoment')}</option>
        </select>
        {choice === CUSTOM && (
          <>
            <label htmlFor={momentId} className="sr-only">
              {t('moment')}
            </label>
            <input
              id={momentId}
              type="datetime-local"
              value={moment}
              onChange={(event) => setMoment(event.target.value)}
              className="tap-target h-9 rounded-control border border-line bg-surface px-2 text-sm text-fg"
              required
            />
          </>
        )}
        {choice !== '' && (
          <Button
            type="submit"
            size="sm"
            variant="outline"
            busy={add.isPending}
            icon={<AlarmClock aria-hidden className="h-4 w-4" />}
            data-testid="reminder-add"
          >
            {t('addMoment')}
          </Button>
        )}
      </form>
      {!task.due_date && <p className="mt-1 text-xs text-muted">{t('hintNoDate')}</p>}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {problem}
        </p>
      )}
    </section>
  );
}

function ReminderRow(props: {
  reminder: Reminder;
  label: string;
  when: string;
  state: string | null;
  removeLabel: string;
  onRemove(): void;
}) {
  const done = props.reminder.state !== 'pending';
  return (
    <li className="flex items-center gap-2 text-sm" data-testid="reminder" data-state={props.reminder.state}>
      {props.reminder.state === 'sent' ? (
        <Check aria-hidden className="h-4 w-4 shrink-0 text-muted" />
      ) : (
        <BellRing aria-hidden className={done ? 'h-4 w-4 shrink-0 text-muted' : 'h-4 w-4 shrink-0 text-brand'} />
      )}
      <span className={done ? 'min-w-0 flex-1 text-muted' : 'min-w-0 flex-1 text-fg'}>
        <span className="font-medium">{props.label}</span> · <span>{props.when}</span>
        {props.state && <span className="ms-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs">{props.state}</span>}
      </span>
      <button
        type="button"
        onClick={props.onRemove}
        aria-label={`${props.removeLabel}: ${props.label}, ${props.when}`}
        title={props.removeLabel}
        className="tap-target flex h-9 w-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </li>
  );
}
