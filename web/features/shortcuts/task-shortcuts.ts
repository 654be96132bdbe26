import { useEffect, useRef } from 'react';
import type { Task } from '../../../common/schemas/task.schema.ts';

/**
 * What a task screen lets the shortcuts do with its dialogs (`n`, `e`, `#`, `Delete`): the page
 * owns the dialogs, so it hands them over while it is mounted (useTaskShortcuts). A screen that
 * does not offer an action leaves it out (Shared with me deletes nothing).
 */
export interface TaskShortcutHandlers {
  newTask?: (() => void) | undefined;
  edit?: ((task: Task) => void) | undefined;
  /** Asks the spec's confirmation, as the card's and the dialog's Delete do; false when this task may not be deleted here. */
  remove?: ((task: Task) => boolean) | undefined;
}

type Registration = { current: TaskShortcutHandlers };
let registrations: Registration[] = [];
/** `n` pressed on a screen without the add dialog: the dashboard opens it once it is there. */
let newTaskWanted = false;

/** The handlers of the task screen on display, if any. */
export const taskShortcutHandlers = (): TaskShortcutHandlers | undefined => registrations.at(-1)?.current;

/** Asks the next screen that can add a task to open its add dialog as soon as it is mounted. */
export function wantNewTask() {
  newTaskWanted = true;
  // Asked for and never reached (the dashboard failed to load): forgotten, not opened later by surprise.
  setTimeout(() => (newTaskWanted = false), 10_000);
}

/** Called by a task screen: its dialogs serve the shortcuts while it is mounted. */
export function useTaskShortcuts(handlers: TaskShortcutHandlers) {
  const registration = useRef<TaskShortcutHandlers>(handlers);
  useEffect(() => {
    registration.current = handlers;
  });
  useEffect(() => {
    const entry = registration;
    registrations = [...registrations, entry];
    if (newTaskWanted && entry.current.newTask) {
      newTaskWanted = false;
      entry.current.newTask();
    }
    return () => {
      registrations = registrations.filter((candidate) => candidate !== entry);
    };
  }, []);
}
