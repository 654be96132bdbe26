import { useCallback, useState } from 'react';
import { DUPLICATE_TITLE_PREFIX, type Priority } from '../../../common/constants.ts';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { localDateString } from '../../../common/task-rules.ts';
import type { TaskFormMode, TaskFormValues } from './task-form-dialog.tsx';

export interface FormState {
  mode: TaskFormMode;
  initial?: Partial<TaskFormValues>;
  taskId?: number;
  duplicatedFrom?: number;
}

/** Spec §3: duplicate = 'Copy of ' + title, with description, due date, priority and label names copied. */
export function duplicateValues(task: Task): Partial<TaskFormValues> {
  const today = localDateString(new Date());
  return {
    title: `${DUPLICATE_TITLE_PREFIX}${task.title}`,
    description: task.description,
    // The add dialog does not accept past dates; a copy of an old task starts today.
    due_date: task.due_date && task.due_date >= today ? task.due_date : today,
    priority: task.priority as Priority,
    labels: task.labels.map((label) => label.name),
  };
}

export function editValues(task: Task, description?: string): Partial<TaskFormValues> {
  return {
    title: task.title,
    description: description ?? task.description,
    due_date: task.due_date ?? '',
    priority: task.priority as Priority,
    labels: task.labels.map((label) => label.name),
  };
}

/** Which task dialogs are open on a task screen. */
export function useTaskDialogs() {
  const [form, setForm] = useState<FormState | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  return {
    form,
    detailId,
    deleting,
    openAdd: useCallback(() => setForm({ mode: 'add' }), []),
    openEdit: useCallback(
      (task: Task, description?: string) => setForm({ mode: 'edit', taskId: task.id, initial: editValues(task, description) }),
      [],
    ),
    openDuplicate: useCallback((task: Task) => setForm({ mode: 'duplicate', initial: duplicateValues(task), duplicatedFrom: task.id }), []),
    openDuplicateDraft: useCallback(
      (initial: Partial<TaskFormValues>, duplicatedFrom?: number) =>
        setForm({ mode: 'duplicate', initial, ...(duplicatedFrom ? { duplicatedFrom } : {}) }),
      [],
    ),
    closeForm: useCallback(() => setForm(null), []),
    openDetail: useCallback((task: Task) => setDetailId(task.id), []),
    closeDetail: useCallback(() => setDetailId(null), []),
    askDelete: useCallback((task: Task) => setDeleting(task), []),
    closeDelete: useCallback(() => setDeleting(null), []),
  };
}
