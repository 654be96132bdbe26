import { useEffect, useState } from 'react';
import type { Task } from '../../common/schemas/task.schema.ts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { CommentsPanel } from '../features/comments/comments-panel.tsx';
import { ShareDialog } from '../features/sharing/share-dialog.tsx';
import { SharedWithPanel } from '../features/sharing/shared-with-panel.tsx';
import { DeleteTaskDialog } from '../features/tasks/delete-task-dialog.tsx';
import { TaskDashboard } from '../features/tasks/task-dashboard.tsx';
import { TaskDetailDialog } from '../features/tasks/task-detail-dialog.tsx';
import { TaskFormDialog, type TaskFormValues } from '../features/tasks/task-form-dialog.tsx';
import { useTaskDialogs } from '../features/tasks/use-task-dialogs.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser } from '../lib/session.tsx';
import { emitLabelFilter } from '../lib/task-events.ts';

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
    <>
      <PageHeading title={t('dashboard.title')} description={t('dashboard.subtitle')} />
      <TaskDashboard mode="own" onOpenTask={dialogs.openDetail} onAddTask={dialogs.openAdd} />
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
        renderComments={(task) => <CommentsPanel task={task} currentUserId={user.id} />}
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
      />
      <DeleteTaskDialog task={dialogs.deleting} onClose={dialogs.closeDelete} onDeleted={dialogs.closeDetail} />
    </>
  );
}
