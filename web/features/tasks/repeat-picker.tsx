import { Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecurrenceFrom } from '../../../common/constants.ts';
import { parseRecurrence, type RecurrenceOrdinal } from '../../../common/schemas/recurrence.ts';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { cx } from '../../lib/class-names.ts';
import {
  chooseKind,
  chooseMonthlyBy,
  dayParts,
  readRepeat,
  repeatSummary,
  shownDays,
  toggleDay,
  writeRepeat,
  type MonthlyBy,
  type RepeatKind,
  type RepeatState,
} from './repeat-rule.ts';
import { monthDayText, NTH, repeatText, weekdayName } from './schedule-text.ts';

export interface RepeatPickerProps {
  /** The task's `recurrence` RRULE; '' for none. */
  value: string;
  onChange(rule: string): void;
  from: RecurrenceFrom;
  onFromChange(from: RecurrenceFrom): void;
  /** The due date, or today without one (the server's first date then): what a rule without a day follows. */
  reference: string;
  /** The server's or the schema's message on `recurrence`. */
  error?: string | undefined;
}

const KINDS: RepeatKind[] = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly'];
const ORDINALS: RecurrenceOrdinal[] = [1, 2, 3, 4, -1];
const UNIT = { daily: 'everyDay', weekly: 'everyWeek', monthly: 'everyMonth', yearly: 'everyYear' } as const;
/** Where the interval's field goes in its phrase ("Every {{field}} weeks"). */
const FIELD = '\u2063';

/** The week as the language's region starts it (Sunday in the US and India, Saturday in Egypt, Monday in Europe); 0 = Monday. */
export function weekOrder(language: string): number[] {
  let first = 1;
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & { getWeekInfo?(): { firstDay: number }; weekInfo?: { firstDay: number } };
    first = (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay ?? 1;
  } catch {
    // An engine without week data: Monday, ISO's first day.
  }
  return Array.from({ length: 7 }, (_, i) => (first - 1 + i) % 7);
}

/** A whole number field that may be emptied while typing: the rule changes only with a number in range. */
function NumberField({ id, value, min, max, onValue }: { id?: string; value: number; min: number; max: number; onValue(n: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={draft ?? String(value)}
      onChange={(event) => {
        setDraft(event.target.value);
        const n = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(n) && n >= min && n <= max) onValue(n);
      }}
      onBlur={() => setDraft(null)}
      className={cx(inputClasses.replace('w-full', 'w-20'), 'inline-block')}
    />
  );
}

/**
 * The add/edit dialog's repeat control (issue 21): none, daily, weekdays, weekly on chosen days,
 * monthly on a day, its last day or its n-th weekday, yearly, each every N units; counted from the
 * due date or from completion. It edits the task's RRULE through the shared parser and formatter
 * (repeat-rule.ts) and says the rule in words as it will be followed.
 */
export function RepeatPicker({ value, onChange, from, onFromChange, reference, error }: RepeatPickerProps) {
  const { t, i18n } = useTranslation('schedule');
  const language = i18n.language;
  const id = useId();
  const state = readRepeat(value);
  // A rule this control cannot show (set elsewhere) stays one of its choices until the dialog closes.
  const [original] = useState(state);
  const set = (next: RepeatState) => onChange(writeRepeat(next));
  const parts = dayParts(reference);
  const summary = repeatSummary(value, from, reference, t, language);
  const custom = state.kind === 'custom' ? state : original.kind === 'custom' ? original : undefined;
  const customRule = custom?.rule ? parseRecurrence(custom.rule) : undefined;
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const nthText = (nth: RecurrenceOrdinal, weekday: number) =>
    t('picker.onNth', { nth: t(`repeat.nth.${NTH[nth]}`), weekday: weekdayName(weekday, language) });
  const label = 'mb-1.5 block text-sm font-medium text-fg';
  const errorId = `${id}-error`;

  let interval = null;
  if (state.kind === 'daily' || state.kind === 'weekly' || state.kind === 'monthly' || state.kind === 'yearly') {
    const [before = '', after = ''] = t(`picker.${UNIT[state.kind]}`, { count: state.interval, field: FIELD }).split(FIELD);
    // The field sits in its phrase, so the label reads "Every 2 weeks" to a screen reader too.
    interval = (
      <label className="flex flex-wrap items-center gap-2 text-sm text-fg" data-testid="repeat-interval">
        {before.trim() && <span>{before.trim()}</span>}
        <NumberField value={state.interval} min={1} max={365} onValue={(n) => set({ ...state, interval: n })} />
        {after.trim() && <span>{after.trim()}</span>}
      </label>
    );
  }

  return (
    <div data-testid="repeat-picker">
      <label htmlFor={`${id}-kind`} className={label}>
        {t('picker.label')}
      </label>
      <select
        id={`${id}-kind`}
        name="recurrence"
        value={state.kind}
        onChange={(event) => set(chooseKind(state, event.target.value as RepeatKind, reference, custom))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(inputClasses, error && 'border-danger focus:border-danger')}
      >
        {KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {kind === 'weekdays' ? t('repeat.weekdays') : t(`picker.${kind}`)}
          </option>
        ))}
        {custom && <option value="custom">{customRule ? repeatText(customRule, t, language) : custom.rule}</option>}
      </select>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
          <bdi>{error}</bdi>
        </p>
      )}

      {state.kind !== 'none' && (
        <div className="mt-3 space-y-4 rounded-control border border-line p-3" data-testid="repeat-options">
          {interval}

          {state.kind === 'weekly' && (
            <div role="group" aria-labelledby={`${id}-days`} aria-describedby={`${id}-days-hint`}>
              <p id={`${id}-days`} className={label}>
                {t('picker.days')}
              </p>
              <div className="flex flex-wrap gap-1.5">
                {weekOrder(language).map((day) => {
                  const pressed = shownDays(state, reference).includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={pressed}
                      title={weekdayName(day, language)}
                      onClick={() => set(toggleDay(state, day, reference))}
                      className={cx(
                        'h-9 min-w-11 rounded-control border px-2 text-sm font-medium transition-colors',
                        pressed ? 'border-brand bg-brand text-brand-fg' : 'border-line bg-surface text-fg hover:bg-surface-2',
                      )}
                    >
                      {weekdayName(day, language, 'short')}
                    </button>
                  );
                })}
              </div>
              <p id={`${id}-days-hint`} className="mt-1.5 text-xs text-muted">
                {t('picker.daysHint')}
              </p>
            </div>
          )}

          {state.kind === 'monthly' && (
            <div className="grid grid-cols-2 gap-3">
              <div className="col-span-2">
                <label htmlFor={`${id}-by`} className={label}>
                  {t('picker.monthlyBy')}
                </label>
                <select
                  id={`${id}-by`}
                  value={state.monthlyBy}
                  onChange={(event) => set(chooseMonthlyBy(state, event.target.value as MonthlyBy, reference))}
                  className={inputClasses}
                >
                  <option value="day">{t('picker.onDay', { day: number(state.monthDay ?? parts.date) })}</option>
                  <option value="lastDay">{t('picker.onLastDay')}</option>
                  <option value="nth">
                    {state.monthlyBy === 'nth' ? nthText(state.nth, state.nthWeekday) : nthText(parts.nth, parts.weekday)}
                  </option>
                </select>
              </div>
              {state.monthlyBy === 'day' && (
                <div>
                  <label htmlFor={`${id}-day`} className={label}>
                    {t('picker.monthDay')}
                  </label>
                  <NumberField
                    id={`${id}-day`}
                    value={state.monthDay ?? parts.date}
                    min={1}
                    max={31}
                    onValue={(n) => set({ ...state, monthDay: n })}
                  />
                </div>
              )}
              {state.monthlyBy === 'nth' && (
                <>
                  <div>
                    <label htmlFor={`${id}-nth`} className={label}>
                      {t('picker.ordinal')}
                    </label>
                    <select
                      id={`${id}-nth`}
                      value={state.nth}
                      onChange={(event) => set({ ...state, nth: Number(event.target.value) as RecurrenceOrdinal })}
                      className={inputClasses}
                    >
                      {ORDINALS.map((nth) => (
                        <option key={nth} value={nth}>
                          {t(`picker.ordinals.${NTH[nth]}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${id}-weekday`} className={label}>
                      {t('picker.weekday')}
                    </label>
                    <select
                      id={`${id}-weekday`}
                      value={state.nthWeekday}
                      onChange={(event) => set({ ...state, nthWeekday: Number(event.target.value) })}
                      className={inputClasses}
                    >
                      {weekOrder(language).map((day) => (
                        <option key={day} value={day}>
                          {weekdayName(day, language)}
                        </option>
                      ))}
                    </select>
                  </div>
                </>
              )}
            </div>
          )}

          {state.kind === 'yearly' && (
            <p className="text-sm text-fg">
              {t('picker.yearlyOn', {
                date: monthDayText(state.yearDate?.month ?? parts.month, state.yearDate?.day ?? parts.date, language),
              })}
            </p>
          )}

          <fieldset>
            <legend className={label}>{t('picker.from.legend')}</legend>
            <div className="space-y-1.5">
              {(['due_date', 'completion'] as const).map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm text-fg">
                  <input
                    type="radio"
                    name={`${id}-from`}
                    value={option}
                    checked={from === option}
                    onChange={() => onFromChange(option)}
                    className="m-0 h-4 w-4 shrink-0 cursor-pointer accent-brand"
                  />
                  {t(`picker.from.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>

          {summary && (
            <p className="flex items-start gap-1.5 text-sm font-medium text-fg" data-testid="repeat-summary" aria-live="polite">
              <Repeat aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
              <span>{summary}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
