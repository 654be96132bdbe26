import { useEffect, useState } from 'react';
import type { Task } from '../../common/schemas/task.schema.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { useTaskShortcuts } from '../features/shortcuts/task-shortcuts.ts';
import { DashboardViews } from '../features/tasks/dashboard-views.tsx';
import type { TaskFormValues } from '../features/tasks/task-form-dialog.tsx';
import { useTaskDialogs } from '../features/tasks/use-task-dialogs.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser } from '../lib/session.tsx';
import { emitLabelFilter } from '../lib/task-events.ts';
import {
  CommentsPanel,
  DeleteTaskDialog,
  preloadTaskDialogs,
  ShareDialog,
  SharedWithPanel,
  TaskDetailDialog,
  TaskFormDialog,
} from './lazy-task-dialogs.tsx';

/** Navigation state from Shared with me: a copy to open in the add dialog. */
export interface DuplicateNavigationState {
  duplicate?: { values: Partial<TaskFormValues>; from?: number };
}

export default function DashboardPage() {
  const { t } = useTranslation('tasks');
  const user = useCurrentUser();
  const dialogs = useTaskDialogs();
  const location = useLocation();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState<Task | null>(null);
  usePageMeta({ title: t('dashboard.title'), description: t('dashboard.subtitle'), indexable: false });
  // Issue 21 §6: n, e, # and Delete open this screen's dialogs, as the floating + and the detail's buttons do.
  useTaskShortcuts({
    newTask: dialogs.openAdd,
    edit: dialogs.openEdit,
    remove: (task) => {
      if (task.user_id !== user.id) return false;
      dialogs.askDelete(task);
      return true;
    },
  });

  // Spec §2: duplicating on Shared with me lands here with the copy in navigation state.
  const { openDuplicateDraft } = dialogs;
  useEffect(() => {
    const state = location.state as DuplicateNavigationState | null;
    if (state?.duplicate) {
      openDuplicateDraft(state.duplicate.values, state.duplicate.from);
      navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [location, navigate, openDuplicateDraft]);

  return (
    // Pointing at or tabbing into the screen fetches the dialogs before the first one opens.
    <div onPointerOver={preloadTaskDialogs} onFocus={preloadTaskDialogs}>
      <PageHeading title={t('dashboard.title')} description={t('dashboard.subtitle')} />
      <DashboardViews onOpenTask={dialogs.openDetail} onAddTask={dialogs.openAdd} />
      <TaskDetailDialog
        taskId={dialogs.detailId}
        currentUserId={user.id}
        onClose={dialogs.closeDetail}
        onEdit={dialogs.openEdit}
        onDuplicate={dialogs.openDuplicate}
        onDelete={dialogs.askDelete}
        onShare={setSharing}
        onLabelClick={(label) => {
          dialogs.closeDetail();
          emitLabelFilter(label);
        }}
        renderComments={(task) => <CommentsPanel task={task} currentUserId={user.id} currentUserName={user.name} />}
        renderSharedWith={(task) => <SharedWithPanel task={task} currentUserId={user.id} onShareMore={() => setSharing(task)} />}
      />
      <ShareDialog task={sharing} onClose={() => setSharing(null)} />
      <TaskFormDialog
        open={dialogs.form !== null}
        mode={dialogs.form?.mode ?? 'add'}
        initial={dialogs.form?.initial}
        taskId={dialogs.form?.taskId}
        duplicatedFrom={dialogs.form?.duplicatedFrom}
        onClose={dialogs.closeForm}
        // A copy just made is the task the person works on next: it is shown, not the original.
        onSaved={(task) => dialogs.form?.mode === 'duplicate' && dialogs.openDetail(task)}
      />
      <DeleteTaskDialog task={dialogs.deleting} onClose={dialogs.closeDelete} onDeleted={dialogs.closeDetail} />
    </div>
  );
}
