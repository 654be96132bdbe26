import { CalendarDays, Clock, Flag, Hash, ListChecks, Repeat, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../../common/locales.ts';
import { ignoreKey, parseQuickAdd, type ParsedToken, type QuickParse, type TokenKind } from '../../../common/quick-parse/parse.ts';
import { toRecurrence, toRRule } from '../../../common/quick-parse/repeat.ts';
import { cx } from '../../lib/class-names.ts';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { dueDateText } from './task-dates.ts';
import { repeatText, timeText } from './schedule-text.ts';

/** What a recognised title adds to a new task; the caller fills in the spec's defaults for the rest. */
export interface RecognisedFields {
  title: string;
  due_date?: string;
  due_time?: string;
  priority?: QuickParse['priority'];
  labels: string[];
  recurrence?: string;
}

export interface RecognitionProps {
  text: string;
  input: RefObject<HTMLInputElement | null>;
  /** Called with every parse, so the form saves what the chips show. */
  onParsed: (parsed: { text: string; fields: RecognisedFields }) => void;
  /** Chips float under the field (the header's quick add), over it (quick add in a phone's bottom bar) or take their place below it (a dialog). */
  chips?: 'floating' | 'above' | 'inline';
  /** Subtasks that came with the text (lines pasted into quick add): shown as one chip that drops them. */
  subtasks?: { titles: readonly string[]; onDrop: () => void } | undefined;
}

const ICONS: Record<TokenKind, typeof CalendarDays> = {
  date: CalendarDays,
  datetime: CalendarDays,
  time: Clock,
  priority: Flag,
  label: Hash,
  repeat: Repeat,
};

/**
 * Natural-language capture for a title field (issue 21): the recognised words are highlighted
 * behind the text as typed, and summarised below as chips that each turn their words back into
 * plain text with one click. Loaded with the parser when a title field first opens, so the
 * dashboard's first paint carries neither.
 */
export default function QuickAddRecognition({ text, input, onParsed, chips: placement = 'floating', subtasks }: RecognitionProps) {
  const { t, i18n } = useTranslation('schedule');
  const { t: tTasks } = useTranslation('tasks');
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const [ignored, setIgnored] = useState<string[]>([]);
  const clock = useUserClock();
  const result = useMemo(
    () => parseQuickAdd(text, { locale: language, context: clock, ignored }),
    // The clock is read per render; a parse only needs redoing when the day or minute changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, language, ignored, clock.today, clock.now],
  );

  // A cleared field starts afresh: words kept as text were kept for that title only.
  useEffect(() => {
    if (!text.trim()) setIgnored([]);
  }, [text]);

  useEffect(() => {
    onParsed({
      text,
      fields: {
        title: result.title,
        labels: result.labels,
        ...(result.due_date && { due_date: result.due_date }),
        ...(result.due_time && { due_time: result.due_time }),
        ...(result.priority && { priority: result.priority }),
        ...(result.repeat && { recurrence: toRRule(result.repeat) }),
      },
    });
  }, [text, result, onParsed]);

  const backdrop = useRef<HTMLDivElement>(null);
  // The highlight sits behind the field's own text, laid out like it (the field's box, padding and
  // font, one line centred in its content box) and scrolled with it.
  useLayoutEffect(() => {
    const field = input.current;
    const layer = backdrop.current;
    if (!field || !layer) return;
    const style = getComputedStyle(field);
    const vertical = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
    const content = field.offsetHeight - vertical.reduce((sum, side) => sum + parseFloat(style[side]), 0);
    Object.assign(layer.style, {
      height: `${field.offsetHeight}px`,
      padding: style.padding,
      borderWidth: style.borderWidth,
      font: style.font,
      letterSpacing: style.letterSpacing,
      lineHeight: `${content}px`,
    });
    const follow = () => {
      layer.scrollLeft = field.scrollLeft;
    };
    follow();
    field.addEventListener('scroll', follow);
    field.addEventListener('keyup', follow);
    return () => {
      field.removeEventListener('scroll', follow);
      field.removeEventListener('keyup', follow);
    };
  });

  const valueOf = (token: ParsedToken): string => {
    const today = clock.today;
    const day = (date: string) => dueDateText(date, today, language, { today: tTasks('due.today'), tomorrow: tTasks('due.tomorrow') });
    switch (token.kind) {
      case 'date':
        return day(result.due_date!);
      case 'time':
        return timeText(result.due_time!, language);
      case 'datetime':
        return `${day(result.due_date!)}, ${timeText(result.due_time!, language)}`;
      case 'priority':
        return tTasks(`priority.${result.priority!}`);
      case 'label':
        return token.text;
      case 'repeat':
        return repeatText(toRecurrence(result.repeat!), t, language);
    }
  };

  const keepAsText = (token: ParsedToken) => {
    setIgnored((list) => [...list, ignoreKey(token.text)]);
    input.current?.focus();
  };

  const chips = result.tokens.map((token) => ({ token, value: valueOf(token) }));
  const steps = subtasks && subtasks.titles.length > 0 ? subtasks : undefined;
  const stepsText = steps ? t('subtasks', { count: steps.titles.length }) : '';
  const chipClass = 'flex items-center gap-1 rounded-full bg-brand-soft ps-2 text-xs font-medium text-brand-strong';
  const removeClass =
    'tap-target flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <>
      <div
        ref={backdrop}
        aria-hidden
        data-testid="quick-add-highlight"
        className="pointer-events-none absolute inset-x-0 top-0 overflow-hidden whitespace-pre rounded-control border-solid border-transparent text-transparent"
      >
        {highlighted(text, result.tokens)}
      </div>
      {(chips.length > 0 || steps) && (
        <ul
          aria-label={t('recognised')}
          data-testid="quick-add-chips"
          className={cx(
            'flex flex-wrap gap-1',
            placement === 'inline'
              ? 'mt-1.5'
              : cx(
                  'absolute inset-x-0 z-10 rounded-control border border-line bg-surface p-1 shadow-sm',
                  // Above, in a phone's bottom bar: as wide as the bar (less its margins), not only the field, so the chips stay on one or two lines.
                  placement === 'above' ? 'inset-x-auto start-0 bottom-full mb-2 w-[calc(100vw-1.5rem)]' : 'top-full mt-1',
                ),
          )}
        >
          {chips.map(({ token, value }) => {
            const Icon = ICONS[token.kind];
            return (
              <li key={`${token.start}-${token.kind}`} className={chipClass}>
                <Icon aria-hidden className="h-3.5 w-3.5" />
                <span>
                  <span className="sr-only">{t(`kinds.${token.kind === 'datetime' ? 'date' : token.kind}`)}: </span>
                  {value}
                </span>
                <button
                  type="button"
                  onClick={() => keepAsText(token)}
                  aria-label={t('keepAsText', { text: token.text })}
                  title={t('keepAsText', { text: token.text })}
                  className={removeClass}
                >
                  <X aria-hidden className="h-3.5 w-3.5" />
                </button>
              </li>
            );
          })}
          {steps && (
            <li className={chipClass} data-testid="quick-add-subtasks" title={steps.titles.join('\n')}>
              <ListChecks aria-hidden className="h-3.5 w-3.5" />
              <span>{stepsText}</span>
              <button
                type="button"
                onClick={() => {
                  steps.onDrop();
                  input.current?.focus();
                }}
                aria-label={t('dropSubtasks', { count: steps.titles.length })}
                title={t('dropSubtasks', { count: steps.titles.length })}
                className={removeClass}
              >
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          )}
        </ul>
      )}
      <span className="sr-only" aria-live="polite">
        {chips.length > 0 || steps
          ? t('recognisedSummary', { parts: [...chips.map((chip) => chip.value), ...(steps ? [stepsText] : [])].join(', ') })
          : ''}
      </span>
    </>
  );
}

function highlighted(text: string, tokens: readonly ParsedToken[]) {
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (const token of tokens) {
    parts.push(text.slice(from, token.start));
    parts.push(
      <mark key={token.start} className="rounded-sm bg-brand/20 text-transparent">
        {text.slice(token.start, token.end)}
      </mark>,
    );
    from = token.end;
  }
  parts.push(text.slice(from));
  return parts;
}
