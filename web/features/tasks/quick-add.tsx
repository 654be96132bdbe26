import { Plus, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../common/limits.ts';
import { SUBTASKS_PER_TASK_MAX } from '../../../common/schemas/subtask.schema.ts';
import { cx } from '../../lib/class-names.ts';
import { addTask } from '../../lib/api/task-queries.ts';
import { emitRefreshTasks } from '../../lib/task-events.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { isMultiline, pastedTitles } from './pasted-lines.ts';
import { QUICK_ADD_PARAMS, quickAddTextFrom } from './shared-into-quick-add.ts';
import { Recognition } from './lazy-recognition.tsx';
import type { RecognisedFields } from './quick-add-recognition.tsx';

/**
 * What the quick add on screen holds, kept a moment after it leaves: a phone turned past md
 * replaces the header's with the tab bar's (or back), and the new one carries on with the same
 * text, open. A quick add mounted later (another sign-in) starts empty.
 */
interface Draft {
  open: boolean;
  title: string;
  subtasks: string[];
}
let draft: Draft | undefined;
/** When the quick add holding `draft` left the screen; null while it is on it. */
let draftLeftAt: number | null = null;
const carriedDraft = () => (draft && (draftLeftAt === null || Date.now() - draftLeftAt < 1000) ? draft : undefined);

/**
 * Header quick add (spec §2, §5): toggles open; defaults today, medium, no description or labels.
 * Several lines pasted (issue 21) make a task with subtasks: into an empty field the first line is
 * the title and the others its subtasks; after a title, every line is a subtask.
 * `dock`: on a phone it sits at the end of the bottom tab bar, and opens into the bar's row, where
 * the thumb is and just above the keyboard; what it recognises is listed above the field.
 */
export function QuickAdd({ placement = 'header' }: { placement?: 'header' | 'dock' }) {
  const { t } = useTranslation('tasks');
  const toast = useToast();
  const [open, setOpen] = useState(() => carriedDraft()?.open ?? false);
  const [title, setTitle] = useState(() => carriedDraft()?.title ?? '');
  const [subtasks, setSubtasks] = useState<string[]>(() => carriedDraft()?.subtasks ?? []);
  useEffect(() => {
    draft = { open, title, subtasks };
  }, [open, title, subtasks]);
  useEffect(() => {
    draftLeftAt = null;
    return () => void (draftLeftAt = Date.now());
  }, []);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const dock = placement === 'dock';
  const { today } = useUserClock();
  const recognised = useRef<{ text: string; fields: RecognisedFields }>(undefined);
  const onParsed = useCallback((parsed: { text: string; fields: RecognisedFields }) => (recognised.current = parsed), []);

  // The installed app's "New task" shortcut and its share target open quick add, with what was
  // shared in it to check and save; the address then drops the request, so Back or a reload does
  // not ask again.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const text = quickAddTextFrom(params);
    if (text === undefined) return;
    setOpen(true);
    if (text) setTitle(text);
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        for (const name of QUICK_ADD_PARAMS) rest.delete(name);
        return rest;
      },
      { replace: true },
    );
  }, [params, setParams]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      // What the parser recognised, if it has read this very text; otherwise the title as typed.
      const fields = recognised.current?.text === title ? recognised.current.fields : { title: trimmed };
      await addTask({
        description: '',
        due_date: today,
        priority: 'medium',
        labels: [],
        ...fields,
        ...(subtasks.length > 0 && { subtasks }),
      });
      setTitle('');
      setSubtasks([]);
      toast.show(t('toasts.created'));
      emitRefreshTasks();
    } catch (error) {
      // Spec §8: quick-add failures are logged only.
      console.error('Quick add failed', error);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text/plain');
    if (!isMultiline(text)) return;
    event.preventDefault();
    const lines = pastedTitles(text);
    const steps = title.trim() ? lines : lines.slice(1);
    if (!title.trim() && lines[0]) setTitle(lines[0]);
    setSubtasks((list) => [...list, ...steps].slice(0, SUBTASKS_PER_TASK_MAX));
  }

  return (
    <div className={cx('flex items-center', dock && 'min-w-0 flex-1 self-stretch', dock && open && 'ps-3 pe-2')}>
      {open && (
        // Header, up to laptop widths: a row of its own under the header (beside the navigation,
        // bell and menu it would widen the page past the screen in longer languages); wide screens:
        // inline. Dock: the bar's row.
        <form
          onSubmit={onSubmit}
          className={
            dock
              ? 'me-1 flex min-w-0 flex-1 items-center gap-2'
              : 'absolute inset-x-0 top-full flex items-center border-b border-line bg-surface px-4 py-2 shadow-sm xl:static xl:me-1 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none'
          }
          data-testid="quick-add-form"
        >
          <label className="sr-only" htmlFor="quick-add-input">
            {t('quickAdd.label')}
          </label>
          <div className={cx('relative min-w-0 flex-1 rounded-control bg-surface', !dock && 'xl:w-64 xl:flex-none')}>
            <input
              id="quick-add-input"
              ref={input}
              autoFocus
              value={title}
              maxLength={LIMITS.taskTitleMax}
              onChange={(event) => {
                setTitle(event.target.value);
                // A cleared field starts a new task: the subtasks pasted for the last one go with it.
                if (!event.target.value) setSubtasks([]);
              }}
              onPaste={onPaste}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                // Closed by keyboard, the keyboard's place goes back to what opened it.
                setOpen(false);
                toggle.current?.focus();
              }}
              placeholder={t('quickAdd.placeholder')}
              className={cx(
                'relative z-[1] w-full rounded-control border border-line bg-transparent px-3 text-fg placeholder:text-muted/80 focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40',
                // 16 px on a phone: smaller text makes iOS zoom the page into the field.
                dock ? 'h-11 text-base' : 'h-9 text-sm',
              )}
            />
            {/* After the field, so Tab goes from the text to its chips; the highlight is drawn under the field. */}
            <Recognition
              text={title}
              input={input}
              onParsed={onParsed}
              chips={dock ? 'above' : 'floating'}
              subtasks={{ titles: subtasks, onDrop: () => setSubtasks([]) }}
            />
          </div>
          <button
            type="submit"
            disabled={!title.trim() || busy}
            className={cx(
              'shrink-0 rounded-control bg-brand px-3 text-sm font-medium text-brand-fg disabled:opacity-50',
              dock ? 'h-11' : 'ms-1 h-9',
            )}
          >
            {t('quickAdd.add')}
          </button>
        </form>
      )}
      <button
        ref={toggle}
        type="button"
        data-testid="quick-add-toggle"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-label={open ? t('quickAdd.close') : t('quickAdd.open')}
        title={open ? t('quickAdd.close') : t('quickAdd.open')}
        className={cx(
          'tap-target flex shrink-0 items-center justify-center',
          dock && !open
            ? // Closed in the bar: drawn like its tabs, an item of the bar rather than a second floating button.
              'h-full w-full flex-col gap-1 px-1 text-[0.6875rem] leading-tight font-medium text-brand-strong -outline-offset-2'
            : cx(
                'rounded-control',
                dock ? 'h-11 w-11' : 'h-10 w-10',
                open ? 'text-muted hover:bg-surface-2' : 'bg-brand-soft text-brand-strong hover:bg-brand/20',
              ),
        )}
      >
        {open ? (
          <X aria-hidden className="h-5 w-5" />
        ) : dock ? (
          <>
            {/* Outlined: a filled pill is the bar's current tab. Its words are part of the button's name (locales.test.ts). */}
            <span className="flex h-7 w-14 items-center justify-center rounded-full border border-brand/50">
              <Plus aria-hidden className="h-5 w-5" />
            </span>
            <span className="line-clamp-2 max-w-full text-center break-words">{t('quickAdd.short')}</span>
          </>
        ) : (
          <Plus aria-hidden className="h-5 w-5" />
        )}
      </button>
    </div>
  );
}
