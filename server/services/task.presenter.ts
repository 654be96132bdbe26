import type { Task } from '../../common/schemas/task.schema.ts';
import type { Priority } from '../../common/constants.ts';
import type { TaskWithRelations } from '../db/repositories/task.repository.ts';

/** The one place a task row becomes the API's task (spec §3). */
export function presentTask(row: TaskWithRelations): Task {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    due_date: row.due_date,
    due_time: row.due_time,
    recurrence: row.recurrence,
    recurrence_from: row.recurrence_from === 'completion' ? 'completion' : 'due_date',
    priority: row.priority as Priority,
    is_completed: row.is_completed ? 1 : 0,
    labels: row.labels.map((label) => ({ id: label.id, name: label.name, color: label.color })),
    shared_with: row.shares.map((share) => ({
      id: share.user_id,
      name: share.name ?? share.email,
      email: share.email,
      user_photo: share.user_photo,
      pivot: { status: share.status },
    })),
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email, user_photo: row.owner_photo },
    subtask_progress: row.subtasks_total > 0 ? { done: row.subtasks_done, total: row.subtasks_total } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // The row's own: a rendered copy is kept under (id, revision), so the number in it is always the one it was rendered at.
    revision: row.revision,
  };
}
