import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DUPLICATE_TITLE_PREFIX, type Priority } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import type { TaskFormMode, TaskFormValues } from './task-form-dialog.tsx';
import { useUserClock } from '../../lib/use-user-clock.ts';
import { onWaitingTaskCreated } from '../../lib/offline/pending-writes.ts';

export interface FormState {
  mode: TaskFormMode;
  initial?: Partial<TaskFormValues>;
  taskId?: number;
  duplicatedFrom?: number;
}

/** Issue 21: the time and repeat rule, which edits keep and copies take along. */
const scheduleValues = (task: Task) => ({
  due_time: task.due_time ?? '',
  recurrence: task.recurrence ?? '',
  recurrence_from: task.recurrence_from,
});

/** Spec §3: duplicate = 'Copy of ' + title, with description, due date, priority and label names copied. */
export function duplicateValues(task: Task, today: string): Partial<TaskFormValues> {
  return {
    title: `${DUPLICATE_TITLE_PREFIX}${task.title}`,
    description: task.description,
    // The add dialog does not accept past dates; a copy of an old task starts today.
    due_date: task.due_date && task.due_date >= today ? task.due_date : today,
    ...scheduleValues(task),
    priority: task.priority as Priority,
    labels: task.labels.map((label) => label.name),
  };
}

export function editValues(task: Task, description?: string): Partial<TaskFormValues> {
  return {
    title: task.title,
    description: description ?? task.description,
    due_date: task.due_date ?? '',
    ...scheduleValues(task),
    priority: task.priority as Priority,
    labels: task.labels.map((label) => label.name),
  };
}

/** The address of a task screen with a task open: `/dashboard?task=42`. */
export const TASK_PARAM = 'task';

/** The open task's id in an address's query, if it is a valid one (below zero: made offline, decision 033). */
export function taskIdIn(search: string): number | null {
  const value = new URLSearchParams(search).get(TASK_PARAM);
  return value && /^-?[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** Set in the history entry that opening a task pushed: closing goes Back to the entry before. */
interface OpenedHere {
  taskOpenedHere?: boolean;
}

/**
 * Which task dialogs are open on a task screen. The open task is in the address (`?task=42`):
 * the link opens it for anyone allowed to see it, and Back closes it instead of leaving the page.
 */
export function useTaskDialogs() {
  const [form, setForm] = useState<FormState | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const { today } = useUserClock();
  const detailId = taskIdIn(location.search);
  const openedHere = (location.state as OpenedHere | null)?.taskOpenedHere === true;

  const addressWith = useCallback(
    (id: number | null) => {
      const query = new URLSearchParams(location.search);
      if (id === null) query.delete(TASK_PARAM);
      else query.set(TASK_PARAM, String(id));
      const text = query.toString();
      return `${location.pathname}${text ? `?${text}` : ''}${location.hash}`;
    },
    [location.pathname, location.search, location.hash],
  );
  const openDetail = useCallback(
    (task: Pick<Task, 'id'>) => {
      // One history entry per opening: another task opened from an open one replaces it.
      if (detailId === task.id) return;
      // Replacing the entry keeps what it was: one opened from a link has no entry of this page before it.
      const state: OpenedHere = { taskOpenedHere: detailId === null || openedHere };
      navigate(addressWith(task.id), { replace: detailId !== null, state });
    },
    [detailId, openedHere, navigate, addressWith],
  );
  // A task made offline, open when the server takes it: the dialog follows it to its own id.
  useEffect(
    () =>
      onWaitingTaskCreated((temporaryId, id) => {
        if (detailId === temporaryId) navigate(addressWith(id), { replace: true, state: { taskOpenedHere: openedHere } });
      }),
    [detailId, openedHere, navigate, addressWith],
  );
  const closeDetail = useCallback(() => {
    if (detailId === null) return;
    // Opened on this page: Back returns to the entry before it. Opened from a link: drop the task from it.
    if (openedHere) navigate(-1);
    else navigate(addressWith(null), { replace: true });
  }, [detailId, openedHere, navigate, addressWith]);

  return {
    form,
    detailId,
    deleting,
    openAdd: useCallback(() => setForm({ mode: 'add' }), []),
    openEdit: useCallback(
      (task: Task, description?: string) => setForm({ mode: 'edit', taskId: task.id, initial: editValues(task, description) }),
      [],
    ),
    openDuplicate: useCallback(
      (task: Task) => setForm({ mode: 'duplicate', initial: duplicateValues(task, today), duplicatedFrom: task.id }),
      [today],
    ),
    openDuplicateDraft: useCallback(
      (initial: Partial<TaskFormValues>, duplicatedFrom?: number) =>
        setForm({ mode: 'duplicate', initial, ...(duplicatedFrom ? { duplicatedFrom } : {}) }),
      [],
    ),
    closeForm: useCallback(() => setForm(null), []),
    openDetail,
    closeDetail,
    askDelete: useCallback((task: Task) => setDeleting(task), []),
    closeDelete: useCallback(() => setDeleting(null), []),
  };
}
