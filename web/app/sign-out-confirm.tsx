import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';

/**
 * Signing out with changes made offline and not yet sent (issue 23): signing out deletes them from
 * the device (the next person here must not send them), so the person is told first. Loaded only then.
 */
export default function SignOutConfirm({ waiting, signOut, onCancel }: { waiting: number; signOut(): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation('offline');
  const [signingOut, setSigningOut] = useState(false);
  const confirm = () => {
    setSigningOut(true);
    void signOut();
  };
  // Sent while the question was open: nothing is lost any more, and the person asked to sign out.
  useEffect(() => {
    if (waiting === 0 && !signingOut) {
      setSigningOut(true);
      void signOut();
    }
  }, [waiting, signingOut, signOut]);
  return (
    <ConfirmDialog
      open
      title={t('signOut.title')}
      confirmLabel={t('signOut.confirm')}
      cancelLabel={t('signOut.cancel')}
      closeLabel={t('common:actions.close')}
      tone="danger"
      busy={signingOut}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{t('signOut.text', { count: waiting })}</p>
    </ConfirmDialog>
  );
}
