import { CheckCircle2, Clock, Crown, UserMinus, UserPlus, Users } from 'lucide-react';
import { createElement, Suspense, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharedPerson, Task } from '../../../common/schemas/task.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRemoveShare } from '../../lib/api/share-writes.ts';
import { cx } from '../../lib/class-names.ts';

export interface SharedWithPanelProps {
  task: Task;
  currentUserId: number;
  /** Opens the share dialog; the owner sees 'Share with more people' when given. */
  onShareMore?: (() => void) | undefined;
}

/** Spec §2 'Shared with' tab: people, their status, and (for the owner) remove and share more. */
export function SharedWithPanel(props: SharedWithPanelProps) {
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full" />}>
      <SharedWithList {...props} />
    </Suspense>
  );
}

/** Keeps a name's own direction inside a translated sentence (a Latin name in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The confirmation opens inside the task dialog, and React bubbles a dialog's `cancel`
 * (Escape) through the component tree: without this, Escape would close both dialogs.
 */
function ContainEscape({ children }: { children: ReactNode }) {
  return createElement('div', { className: 'contents', onCancel: (event: SyntheticEvent) => event.stopPropagation() }, children);
}

/** Spec §3: 'accepted' is Accepted; any other status shows as Pending. */
export const isAccepted = (person: SharedPerson) => person.pivot.status === 'accepted';

/**
 * One person: avatar, name and e-mail, a badge and an optional action. On phones the badge
 * moves under the e-mail so long addresses keep their width.
 */
function PersonRow(props: {
  name: string;
  photo: string | null;
  detail: ReactNode;
  you: ReactNode;
  badge: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <li
      data-testid={props.testId}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 px-3 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:px-4"
    >
      <div className="row-span-2 sm:row-span-1">
        <Avatar name={props.name} photo={props.photo} />
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-fg">
          <bdi>{props.name}</bdi>
          {props.you}
        </p>
        <p className="text-xs text-muted [overflow-wrap:anywhere]">{props.detail}</p>
      </div>
      <div className="col-start-2 row-start-2 mt-1.5 justify-self-start sm:col-start-3 sm:row-start-1 sm:mt-0">{props.badge}</div>
      {props.action && <div className="col-start-3 row-span-2 row-start-1 sm:col-start-4 sm:row-span-1">{props.action}</div>}
    </li>
  );
}

function StatusBadge({ accepted, label }: { accepted: boolean; label: string }) {
  const Icon = accepted ? CheckCircle2 : Clock;
  return (
    <span
      data-testid="share-status"
      data-status={accepted ? 'accepted' : 'pending'}
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        accepted ? 'bg-success-soft text-success' : 'bg-warning-soft text-warning',
      )}
    >
      <Icon aria-hidden className="h-3 w-3" />
      {label}
    </span>
  );
}

function SharedWithList({ task, currentUserId, onShareMore }: SharedWithPanelProps) {
  const { t } = useTranslation('sharing');
  const toast = useToast();
  const remove = useRemoveShare();
  const [removing, setRemoving] = useState<SharedPerson | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isOwner = task.user_id === currentUserId;
  const people = task.shared_with;

  async function confirmRemove() {
    if (!removing) return;
    setFailure(null);
    try {
      await remove.mutateAsync({ taskId: task.id, person: removing });
      toast.show(t('sharedWith.removed', { name: isolate(removing.name) }));
    } catch (error) {
      setFailure(errorMessage(error, t('sharedWith.removeFailed'), t('common:errors.pleaseTryAgain')));
    } finally {
      setRemoving(null);
    }
  }

  const you = (id: number | null) =>
    id === currentUserId ? <span className="font-normal text-muted"> ({t('sharedWith.you')})</span> : null;

  return (
    <div className="space-y-4" data-testid="shared-with-panel">
      {failure && <Alert tone="error">{failure}</Alert>}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{t('sharedWith.title')}</h3>
        {isOwner && onShareMore && people.length > 0 && (
          <Button variant="outline" size="sm" icon={<UserPlus aria-hidden className="h-4 w-4" />} onClick={onShareMore}>
            {t('sharedWith.shareMore')}
          </Button>
        )}
      </div>

      {(task.owner || people.length > 0) && (
        <ul className="divide-y divide-line rounded-card border border-line">
          {task.owner && (
            <PersonRow
              name={task.owner.name}
              photo={task.owner.user_photo}
              detail={<bdi dir="ltr">{task.owner.email}</bdi>}
              you={you(task.owner.id)}
              // Keeps the owner's badge in line with the others when they have a remove button.
              action={isOwner && people.length > 0 ? <span aria-hidden className="block w-9" /> : undefined}
              badge={
                <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong">
                  <Crown aria-hidden className="h-3 w-3" />
                  {t('sharedWith.owner')}
                </span>
              }
            />
          )}
          {people.map((person) => {
            const accepted = isAccepted(person);
            return (
              <PersonRow
                key={person.id ?? person.email}
                testId="shared-person"
                name={person.name}
                photo={person.user_photo}
                detail={person.id === null ? t('sharedWith.invited') : <bdi dir="ltr">{person.email}</bdi>}
                you={you(person.id)}
                badge={<StatusBadge accepted={accepted} label={accepted ? t('sharedWith.accepted') : t('sharedWith.pending')} />}
                action={
                  isOwner && (
                    <button
                      type="button"
                      onClick={() => setRemoving(person)}
                      aria-label={t('sharedWith.remove', { name: person.name })}
                      title={t('sharedWith.remove', { name: person.name })}
                      data-testid="remove-person"
                      className="flex h-9 w-9 items-center justify-center rounded-control text-muted hover:bg-danger-soft hover:text-danger"
                    >
                      <UserMinus aria-hidden className="rtl-mirror h-4 w-4" />
                    </button>
                  )
                }
              />
            );
          })}
        </ul>
      )}

      {people.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-line px-4 py-8 text-center">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-soft text-brand-strong">
            <Users aria-hidden className="h-5 w-5" />
          </span>
          <p className="text-sm font-medium text-fg">{t('sharedWith.emptyTitle')}</p>
          {isOwner && onShareMore && (
            <>
              <p className="max-w-xs text-sm text-muted">{t('sharedWith.emptyText')}</p>
              <Button size="sm" className="mt-2" icon={<UserPlus aria-hidden className="h-4 w-4" />} onClick={onShareMore}>
                {t('share.title')}
              </Button>
            </>
          )}
        </div>
      )}

      {!isOwner && people.length > 0 && <p className="text-xs text-muted">{t('sharedWith.readOnly')}</p>}

      <ContainEscape>
        <ConfirmDialog
          open={removing !== null}
          title={t('sharedWith.removeTitle')}
          confirmLabel={t('sharedWith.removeConfirm')}
          cancelLabel={t('common:actions.cancel')}
          closeLabel={t('common:actions.close')}
          tone="danger"
          busy={remove.isPending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        >
          {removing && (
            <>
              <div className="flex items-center gap-3 rounded-control bg-surface-2 px-3 py-2.5">
                <Avatar name={removing.name} photo={removing.user_photo} size="sm" />
                <div className="min-w-0">
                  <p className="truncate font-medium" data-testid="remove-name">
                    <bdi>{removing.name}</bdi>
                  </p>
                  <p className="truncate text-xs text-muted">
                    <bdi dir="ltr">{removing.email}</bdi>
                  </p>
                </div>
              </div>
              <p>{t('sharedWith.removeWarning', { name: isolate(removing.name) })}</p>
            </>
          )}
        </ConfirmDialog>
      </ContainEscape>
    </div>
  );
}
