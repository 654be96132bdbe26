import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { CalendarPlus, GripVertical, Plus, Trash2 } from 'lucide-react';
import {
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import { SUBTASKS_PER_TASK_MAX, type Subtask } from '../../../common/schemas/subtask.schema.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isMultiline, pastedTitles } from './pasted-lines.ts';
import { inputClasses } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSubtaskWrites, type SubtaskWrite } from '../../lib/api/subtask-queries.ts';
import { taskDetailQuery } from '../../lib/api/task-detail-query.ts';
import { cx } from '../../lib/class-names.ts';

// The texts start loading with the dialogs' chunk, so opening a task rarely waits for them.
void i18next.loadNamespaces('subtasks');

export interface SubtasksPanelProps {
  task: Pick<Task, 'id' | 'subtask_progress'>;
}

/**
 * The detail dialog's subtasks (issue 21, part 5): an ordered list, each with its box, its title
 * (edited where it is), an optional due date and a delete button; moved with Alt+↑/↓ or dragged by
 * its handle; added below, Enter keeping the field for the next one, several lines pasted making
 * one subtask each. Whoever may open the task may change them (task.policy.ts). Every change shows
 * at once and on the task's card ("1/3"), and is undone on screen if the server refuses it.
 */
export function SubtasksPanel(props: SubtasksPanelProps) {
  return (
    <Suspense fallback={<Skeleton className="h-16 w-full" />}>
      <SubtasksSection {...props} />
    </Suspense>
  );
}

type Field = 'title' | 'handle' | 'done' | 'date';

/**
 * A title field reads in its text's own direction (dir="auto") but starts at the UI's start edge,
 * as titles on cards do: an Arabic title in English (or the reverse) is not pushed to the far side.
 * `start` would follow the text's direction, so the side is named.
 */
const uiStart = (direction: 'ltr' | 'rtl') => (direction === 'rtl' ? 'right' : 'left');

function SubtasksSection({ task }: SubtasksPanelProps) {
  const { t, i18n } = useTranslation('subtasks');
  // The dialog's own query fetches the detail; this reads the same answer (and the changes shown in it).
  const detail = useQuery({ ...taskDetailQuery(task.id), enabled: false });
  const subtasks = detail.data?.subtasks;
  const write = useSubtaskWrites(task.id);
  const headingId = useId();
  const hintId = useId();
  const moveHintId = useId();
  const list = useRef<HTMLOListElement>(null);
  const addField = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  /** Where focus goes once the list has re-rendered (a moved row keeps it; a deleted one hands it on). */
  const refocus = useRef<{ id: number; field: Field } | 'add' | null>(null);

  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    if (target === 'add') addField.current?.focus();
    else list.current?.querySelector<HTMLElement>(`[data-subtask-id="${target.id}"] [data-field="${target.field}"]`)?.focus();
  });

  const progress = subtasks
    ? subtasks.length
      ? { done: subtasks.filter((subtask) => subtask.is_completed === 1).length, total: subtasks.length }
      : null
    : task.subtask_progress;

  const send = (change: SubtaskWrite, failure: 'add' | 'save', onFailure?: () => void) => {
    setError(null);
    write(change, {
      onError: (cause) => {
        setError(errorMessage(cause, t(`errors.${failure}`), t('common:errors.pleaseTryAgain')));
        onFailure?.();
      },
    });
  };

  const add = (titles: string[]) => {
    const room = SUBTASKS_PER_TASK_MAX - (subtasks?.length ?? 0);
    if (titles.length > room) {
      setError(t('add.tooMany', { max: SUBTASKS_PER_TASK_MAX }));
      return false;
    }
    send({ kind: 'add', titles }, 'add', () => {
      // What was typed comes back into the field, unless something else is being typed there now.
      if (titles.length === 1) setDraft((current) => current || titles[0]!);
    });
    setAnnouncement(t('announce.added', { count: titles.length }));
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const title = draft.trim();
    if (!title) return;
    if (add([title])) setDraft('');
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isMultiline(text)) return;
    event.preventDefault();
    const titles = pastedTitles(text);
    if (titles.length) add(titles);
  };

  const move = (subtask: Subtask, index: number, field: Field) => {
    if (!subtasks || index < 0 || index >= subtasks.length) return;
    if (subtasks[index]!.id === subtask.id) return;
    refocus.current = { id: subtask.id, field };
    send({ kind: 'move', id: subtask.id, index }, 'save');
    setAnnouncement(t('announce.moved', { title: subtask.title, position: index + 1, total: subtasks.length }));
  };

  const remove = (subtask: Subtask, index: number) => {
    const next = subtasks?.[index + 1] ?? subtasks?.[index - 1];
    refocus.current = next ? { id: next.id, field: 'done' } : 'add';
    send({ kind: 'delete', id: subtask.id }, 'save');
    setAnnouncement(t('announce.deleted', { title: subtask.title }));
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const moving = subtasks?.find((subtask) => subtask.id === dragging);
    setDragging(null);
    setDropIndex(null);
    if (moving) move(moving, index, 'handle');
  };

  return (
    <section aria-labelledby={headingId} data-testid="subtasks">
      <div className="mb-2 flex items-center gap-2">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('heading')}
        </h3>
        {progress && (
          <span
            className={cx(
              'rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
              progress.done === progress.total ? 'bg-success-soft text-success' : 'bg-surface-2 text-muted',
            )}
            data-testid="subtasks-progress"
            title={t('progress', progress)}
          >
            <span aria-hidden>
              {progress.done}/{progress.total}
            </span>
            <span className="sr-only">{t('progress', progress)}</span>
          </span>
        )}
      </div>
      <p id={moveHintId} className="sr-only">
        {t('item.moveHint')}
      </p>

      {subtasks === undefined ? (
        progress ? (
          <Loading paused={detail.fetchStatus === 'paused'}>
            <Skeleton className="h-9 w-full" />
          </Loading>
        ) : null
      ) : (
        subtasks.length > 0 && (
          <ol ref={list} className="mb-2 divide-y divide-line rounded-card border border-line">
            {subtasks.map((subtask, index) => (
              <SubtaskRow
                key={subtask.id}
                subtask={subtask}
                index={index}
                moveHintId={moveHintId}
                dragging={dragging === subtask.id}
                dropTarget={dropIndex === index && dragging !== null && dragging !== subtask.id}
                onChange={(changes) => send({ kind: 'update', id: subtask.id, changes }, 'save')}
                onMove={(to, field) => move(subtask, to, field)}
                onDelete={() => remove(subtask, index)}
                onDragStart={() => setDragging(subtask.id)}
                onDragEnd={() => {
                  setDragging(null);
                  setDropIndex(null);
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (dropIndex !== index) setDropIndex(index);
                }}
                onDrop={(event) => drop(event, index)}
              />
            ))}
          </ol>
        )
      )}

      <form onSubmit={submit} className="flex items-center gap-2">
        <input
          ref={addField}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onPaste={paste}
          dir="auto"
          maxLength={LIMITS.taskTitleMax}
          aria-label={t('add.label')}
          aria-describedby={hintId}
          placeholder={t('add.label')}
          data-testid="subtask-add"
          style={{ textAlign: uiStart(i18n.dir()) }}
          className={cx(inputClasses, 'py-2')}
        />
        <Button type="submit" variant="secondary" size="sm" icon={<Plus aria-hidden className="h-4 w-4" />} className="shrink-0">
          {t('add.button')}
        </Button>
      </form>
      <p id={hintId} className="mt-1 text-xs text-muted">
        {t('add.hint')}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

interface SubtaskRowProps {
  subtask: Subtask;
  index: number;
  moveHintId: string;
  dragging: boolean;
  dropTarget: boolean;
  onChange(changes: { title?: string; is_completed?: boolean; due_date?: string | null }): void;
  onMove(index: number, field: Field): void;
  onDelete(): void;
  onDragStart(): void;
  onDragEnd(): void;
  onDragOver(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

function SubtaskRow(props: SubtaskRowProps) {
  const { subtask, index, moveHintId, onChange, onMove, onDelete } = props;
  const { t, i18n } = useTranslation('subtasks');
  const [title, setTitle] = useState(subtask.title);
  const [editing, setEditing] = useState(false);
  const [dateOpen, setDateOpen] = useState(false);
  const dateField = useRef<HTMLInputElement>(null);
  // Added a moment ago and not yet answered: nothing to change on it until it has an id.
  const saved = subtask.id > 0;
  // The box changes in the same render as the click (the cache's change reaches the row a moment
  // later); it follows the cache whenever that changes, a refused tick coming back included.
  const [done, setDone] = useState(subtask.is_completed === 1);
  const [cached, setCached] = useState(subtask.is_completed === 1);
  if (cached !== (subtask.is_completed === 1)) {
    setCached(subtask.is_completed === 1);
    setDone(subtask.is_completed === 1);
  }
  const shownTitle = editing ? title : subtask.title;

  const saveTitle = () => {
    setEditing(false);
    const next = title.trim();
    if (next && next !== subtask.title) onChange({ title: next });
    setTitle(next || subtask.title);
  };

  /** Alt+↑ / Alt+↓ anywhere in the row moves it, focus staying on the same control. */
  const keyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || !saved) return;
    event.preventDefault();
    const field = ((event.target as HTMLElement).dataset.field as Field | undefined) ?? 'handle';
    onMove(index + (event.key === 'ArrowUp' ? -1 : 1), field);
  };

  // tap-target: 44 px on phones, where a thumb, not a pointer, hits them.
  const iconButton =
    'tap-target flex h-8 w-8 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface-2 hover:text-fg';
  return (
    <li
      data-testid="subtask"
      data-subtask-id={subtask.id}
      data-completed={done ? 'true' : 'false'}
      onKeyDown={keyDown}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
      className={cx(
        'flex flex-wrap items-center gap-x-1 gap-y-1 px-1.5 py-1 sm:flex-nowrap',
        props.dragging && 'opacity-50',
        props.dropTarget && 'bg-brand-soft',
      )}
    >
      <button
        type="button"
        data-field="handle"
        draggable={saved}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(subtask.id));
          props.onDragStart();
        }}
        onDragEnd={props.onDragEnd}
        disabled={!saved}
        aria-label={t('item.move', { title: subtask.title })}
        aria-describedby={moveHintId}
        title={t('item.moveHint')}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        className={cx(iconButton, 'h-8 w-6 cursor-grab active:cursor-grabbing')}
      >
        <GripVertical aria-hidden className="h-4 w-4" />
      </button>
      {/* The box stays the size of a box; on phones the label around it is what the thumb hits. */}
      <label className="tap-target flex shrink-0 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          data-field="done"
          checked={done}
          disabled={!saved}
          onChange={(event) => {
            setDone(event.target.checked);
            onChange({ is_completed: event.target.checked });
          }}
          aria-label={subtask.title}
          className="h-4 w-4 shrink-0 cursor-pointer accent-brand"
        />
      </label>
      <input
        data-field="title"
        value={shownTitle}
        disabled={!saved}
        dir="auto"
        maxLength={LIMITS.taskTitleMax}
        onFocus={() => {
          setTitle(subtask.title);
          setEditing(true);
        }}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={saveTitle}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            saveTitle();
          } else if (event.key === 'Escape' && title !== subtask.title) {
            // Escape first undoes the edit; only a second one closes the dialog.
            event.preventDefault();
            setTitle(subtask.title);
          }
        }}
        aria-label={t('item.title', { title: subtask.title })}
        style={{ textAlign: uiStart(i18n.dir()) }}
        className={cx(
          'min-w-0 flex-1 basis-40 rounded-control border border-transparent bg-transparent px-2 py-1.5 max-md:min-h-11 text-sm text-fg hover:border-line focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40',
          done && 'text-muted line-through',
        )}
      />
      <div className="ms-auto flex shrink-0 items-center gap-1">
        {subtask.due_date || dateOpen ? (
          <input
            ref={dateField}
            type="date"
            data-field="date"
            value={subtask.due_date ?? ''}
            disabled={!saved}
            onChange={(event) => onChange({ due_date: event.target.value || null })}
            onBlur={() => setDateOpen(false)}
            aria-label={t('item.dueDate', { title: subtask.title })}
            className="tap-target h-8 rounded-control border border-line bg-surface px-2 text-xs text-fg focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40"
          />
        ) : (
          <button
            type="button"
            data-field="date"
            disabled={!saved}
            onClick={() => {
              setDateOpen(true);
              requestAnimationFrame(() => dateField.current?.focus());
            }}
            aria-label={t('item.addDueDate', { title: subtask.title })}
            title={t('item.addDueDate', { title: subtask.title })}
            className={iconButton}
          >
            <CalendarPlus aria-hidden className="h-4 w-4" />
          </button>
        )}
        <button
          type="button"
          data-field="delete"
          disabled={!saved}
          onClick={onDelete}
          aria-label={t('item.delete', { title: subtask.title })}
          title={t('item.delete', { title: subtask.title })}
          className={cx(iconButton, 'hover:text-danger')}
        >
          <Trash2 aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
