/**
 * Who may do what with a task (issue 4 permissions): the owner everything; an accepted
 * recipient may view, edit, complete, comment, export, duplicate and invite more people
 * (spec §6: sharing from the detail header is offered for any task viewed), while only the
 * owner deletes the task or removes people; a pending
 * recipient only sees the pending preview; anyone else does not know the task exists.
 * services/task-access.ts reads a caller's access for every service.
 */
export type TaskAccess = 'owner' | 'collaborator' | 'pending' | 'none';

export function taskAccessOf(task: { user_id: number }, userId: number, shareStatus: string | undefined): TaskAccess {
  if (task.user_id === userId) return 'owner';
  if (shareStatus === 'accepted') return 'collaborator';
  if (shareStatus !== undefined) return 'pending';
  return 'none';
}

const ownerOrCollaborator = (access: TaskAccess) => access === 'owner' || access === 'collaborator';

export const canViewTask = ownerOrCollaborator;
export const canEditTask = ownerOrCollaborator;
export const canCompleteTask = ownerOrCollaborator;
export const canCommentOnTask = ownerOrCollaborator;
export const canExportTask = ownerOrCollaborator;
export const canDuplicateTask = ownerOrCollaborator;
export const canDeleteTask = (access: TaskAccess) => access === 'owner';
export const canShareTask = ownerOrCollaborator;
export const canRemoveShare = (access: TaskAccess) => access === 'owner';
/** A recipient answers their own share: accepts or declines it while pending, leaves it once accepted. */
export const canAnswerShare = (access: TaskAccess) => access === 'pending' || access === 'collaborator';
