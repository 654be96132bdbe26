import { useTranslation } from 'react-i18next';
import type { Task } from '../../../common/schemas/task.schema.ts';
import { preview } from '../../../common/task-rules.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDeleteTask } from './use-task-actions.ts';

/** Spec §2: shows title and description and warns the deletion is permanent. */
export function DeleteTaskDialog({ task, onClose, onDeleted }: { task: Task | null; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation('tasks');
  const remove = useDeleteTask(() => {
    onClose();
    onDeleted();
  });
  return (
    <ConfirmDialog
      open={task !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      tone="danger"
      busy={remove.isPending}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!task) return;
        remove.reset();
        remove.mutate(task.id);
      }}
    >
      {task && (
        <>
          <div className="rounded-control border border-line bg-surface-2 p-3">
            <p className="font-semibold break-words" data-testid="delete-title">
              {task.title}
            </p>
            {task.description.trim() && <p className="mt-1 text-muted break-words">{preview(task.description, 200)}</p>}
          </div>
          <p className="text-danger">{t('delete.warning')}</p>
          {remove.isError && (
            <p role="alert" className="font-medium text-danger">
              {errorMessage(remove.error, t('errors.deleteTask'), t('common:errors.pleaseTryAgain'))}
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
