import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../common/schemas/task.schema.ts';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { useTaskShortcuts } from '../features/shortcuts/task-shortcuts.ts';
import { TaskDashboard } from '../features/tasks/task-dashboard.tsx';
import { duplicateValues, useTaskDialogs } from '../features/tasks/use-task-dialogs.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser } from '../lib/session.tsx';
import type { DuplicateNavigationState } from './dashboard-page.tsx';
import { CommentsPanel, preloadTaskDialogs, ShareDialog, SharedWithPanel, TaskDetailDialog, TaskFormDialog } from './lazy-task-dialogs.tsx';
import { useUserClock } from '../lib/use-user-clock.ts';

/**
 * Spec §2: like the dashboard without add, delete or sharing actions on the list; the detail
 * dialog omits delete but offers Share (§6: for any task viewed; a recipient may invite people,
 * only the owner removes them). Duplicate goes to /dashboard.
 */
export default function SharedPage() {
  const { t } = useTranslation('tasks');
  const user = useCurrentUser();
  const dialogs = useTaskDialogs();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState<Task | null>(null);
  const { today } = useUserClock();
  usePageMeta({ title: t('shared.title'), description: t('shared.subtitle'), indexable: false });
  // Issue 21 §6: e and # open the edit dialog; this screen deletes nothing (spec §2).
  useTaskShortcuts({ edit: dialogs.openEdit });

  return (
    // Pointing at or tabbing into the screen fetches the dialogs before the first one opens.
    <div onPointerOver={preloadTaskDialogs} onFocus={preloadTaskDialogs}>
      <PageHeading title={t('shared.title')} description={t('shared.subtitle')} />
      <TaskDashboard mode="shared" onOpenTask={dialogs.openDetail} />
      <TaskDetailDialog
        taskId={dialogs.detailId}
        currentUserId={user.id}
        onClose={dialogs.closeDetail}
        onEdit={dialogs.openEdit}
        onDuplicate={(task) => {
          const state: DuplicateNavigationState = { duplicate: { values: duplicateValues(task, today), from: task.id } };
          navigate(paths.dashboard, { state });
        }}
        onShare={setSharing}
        onLabelClick={(label) => navigate(paths.dashboardWithLabel(label))}
        renderComments={(task) => <CommentsPanel task={task} currentUserId={user.id} currentUserName={user.name} />}
        renderSharedWith={(task) => <SharedWithPanel task={task} currentUserId={user.id} />}
      />
      <ShareDialog task={sharing} onClose={() => setSharing(null)} />
      <TaskFormDialog
        open={dialogs.form !== null}
        mode={dialogs.form?.mode ?? 'edit'}
        initial={dialogs.form?.initial}
        taskId={dialogs.form?.taskId}
        onClose={dialogs.closeForm}
      />
    </div>
  );
}
