import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../common/schemas/task.schema.ts';
import { preview } from '../../common/task-rules.ts';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import type { PendingWrite } from '../lib/offline/pending-writes.ts';
import { editedVersion, settleConflict } from '../lib/offline/offline-writes.ts';

type Field = 'title' | 'description' | 'due' | 'priority' | 'labels' | 'repeat';
const FIELDS: Field[] = ['title', 'description', 'due', 'priority', 'labels', 'repeat'];

/** A field of a task as the choice shows it, in the person's language. */
function useFieldText() {
  const { t, i18n } = useTranslation(['offline', 'tasks']);
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });
  const none = t('offline:conflict.none');
  return (task: Task, field: Field): string => {
    switch (field) {
      case 'title':
        return task.title;
      case 'description':
        return preview(task.description, 160) || none;
      case 'due':
        if (!task.due_date) return none;
        return [dateFormat.format(new Date(`${task.due_date}T00:00:00Z`)), task.due_time].filter(Boolean).join(' ');
      case 'priority':
        return t(`tasks:priority.${task.priority}`);
      case 'labels':
        return task.labels.map((label) => label.name).join(', ') || none;
      case 'repeat':
        return task.recurrence ? t('offline:conflict.repeats') : t('offline:conflict.noRepeat');
    }
  };
}

/** The repeat rule is compared itself: two rules both read "Repeats". */
const sameRepeat = (a: Task, b: Task) => a.recurrence === b.recurrence && a.recurrence_from === b.recurrence_from;

/**
 * An edit made offline met another change of the same task (issue 23, decision 033): both versions
 * side by side, field by field where they differ, and the person keeps one. Nothing is written
 * until they choose; closed, it waits (the line under the header offers it again).
 */
export default function SyncConflictDialog({
  write,
  current,
  open,
  onClose,
}: {
  write: Extract<PendingWrite, { kind: 'update' }>;
  current: Task;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(['offline', 'tasks']);
  const fieldText = useFieldText();
  const [busy, setBusy] = useState(false);
  const mine = editedVersion(write);
  const differing = FIELDS.filter((field) =>
    field === 'repeat' ? !sameRepeat(mine, current) : fieldText(mine, field) !== fieldText(current, field),
  );
  const choose = (keep: 'mine' | 'theirs') => {
    setBusy(true);
    void settleConflict(write.id, keep).finally(() => setBusy(false));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      testId="sync-conflict-dialog"
      closeLabel={t('offline:conflict.later')}
      title={t('offline:conflict.title')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={busy} onClick={() => choose('theirs')} className="min-h-11 sm:min-h-10">
            {t('offline:conflict.keepTheirs')}
          </Button>
          <Button disabled={busy} onClick={() => choose('mine')} className="min-h-11 sm:min-h-10">
            {t('offline:conflict.keepMine')}
          </Button>
        </div>
      }
    >
      <p className="mb-4 text-sm text-muted">{t('offline:conflict.text', { title: current.title })}</p>
      <table className="w-full table-fixed border-collapse text-sm">
        <thead>
          <tr className="text-start text-muted">
            <th scope="col" className="w-1/4 pb-2 text-start font-medium">
              <span className="sr-only">{t('offline:conflict.field')}</span>
            </th>
            <th scope="col" className="pb-2 text-start font-medium">
              {t('offline:conflict.mine')}
            </th>
            <th scope="col" className="pb-2 text-start font-medium">
              {t('offline:conflict.theirs')}
            </th>
          </tr>
        </thead>
        <tbody>
          {differing.map((field) => (
            <tr key={field} className="border-t border-line align-top" data-testid={`conflict-${field}`}>
              <th scope="row" className="py-2 pe-2 text-start font-medium text-muted">
                {t(`offline:conflict.fields.${field}`)}
              </th>
              <td className="break-words py-2 pe-2">
                <bdi>{fieldText(mine, field)}</bdi>
              </td>
              <td className="break-words py-2">
                <bdi>{fieldText(current, field)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
