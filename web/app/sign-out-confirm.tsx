import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';

/**
 * Signing out with changes made offline and not yet sent (issue 23): signing out deletes them from
 * the device (the next person here must not send them), so the person is told first. Loaded only then.
 */
export default function SignOutConfirm({
  waiting,
  busy,
  onConfirm,
  onCancel,
}: {
  waiting: number;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('offline');
  return (
    <ConfirmDialog
      open
      title={t('signOut.title')}
      confirmLabel={t('signOut.confirm')}
      cancelLabel={t('signOut.cancel')}
      closeLabel={t('common:actions.close')}
      tone="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('signOut.text', { count: waiting })}</p>
    </ConfirmDialog>
  );
}
