import { FileDown, ListChecks, ShieldAlert, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteAccountInput } from '../../../common/schemas/settings.schema.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useDeleteAccount } from '../../lib/api/settings-queries.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { clearStoredSession } from '../../lib/session.tsx';
import { SettingsSection } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

/** The danger variant's white text is too faint on the dark theme's light red: dark text there. */
export const DANGER_TEXT = 'dark:text-bg';
/** An outline button that does something drastic. */
export const DANGER_OUTLINE = 'border-danger/50! text-danger! hover:bg-danger-soft!';

/** Issue 18: delete the account, after a reminder to export, with the password. */
export function DangerZone() {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();
  return (
    <SettingsSection id="delete-account" icon={ShieldAlert} tone="danger" title={t('danger.title')} description={t('danger.description')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 basis-60 text-sm text-muted">{t('danger.text')}</p>
        <div ref={trigger}>
          <Button
            variant="outline"
            className={DANGER_OUTLINE}
            onClick={() => setOpen(true)}
            icon={<Trash2 aria-hidden className="h-4 w-4" />}
          >
            {t('danger.open')}
          </Button>
        </div>
      </div>
      {open && (
        <DeleteAccountDialog
          onClose={() => {
            setOpen(false);
            focusLater(() => trigger.current?.querySelector('button'));
          }}
        />
      )}
    </SettingsSection>
  );
}

function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('settings');
  const remove = useDeleteAccount();
  const [step, setStep] = useState<'remind' | 'confirm'>('remind');
  const form = useApiForm<{ password: string }>({
    schema: DeleteAccountInput,
    defaultValues: { password: '' },
    wording: { 'The password field is required.': t('passwordForm.required') },
  });
  const body = useRef<HTMLDivElement>(null);
  const footer = useRef<HTMLDivElement>(null);

  // Each step starts where it asks something: the reminder's "Continue", the password field.
  // (The native dialog focuses its close button as it opens, after React's autoFocus.)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (step === 'confirm') body.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      else footer.current?.querySelector<HTMLButtonElement>('button[data-continue]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [step]);

  const onSubmit = form.submit(async ({ password }) => {
    await remove.mutateAsync(password);
    // The account and every token are gone: forget the session here, and start afresh on
    // the home page (a full load, so nothing of the account stays in this tab's memory).
    clearStoredSession();
    window.location.replace(paths.home);
  }, t('danger.failed'));

  return (
    <Dialog
      open
      onClose={() => !remove.isPending && onClose()}
      title={t('danger.dialogTitle')}
      size="sm"
      closeLabel={t('common:actions.close')}
      testId="delete-account-dialog"
      footer={
        <div ref={footer} className="flex w-full flex-wrap justify-end gap-2">
          {step === 'remind' ? (
            <>
              {/* Keys: each step's buttons are new elements, so the click on Continue cannot submit the form that replaces it. */}
              <Button key="cancel" variant="outline" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button key="continue" variant="danger" className={DANGER_TEXT} data-continue onClick={() => setStep('confirm')}>
                {t('danger.continue')}
              </Button>
            </>
          ) : (
            <>
              <Button key="back" variant="outline" onClick={() => setStep('remind')} disabled={remove.isPending}>
                {t('danger.back')}
              </Button>
              <Button
                key="delete"
                type="submit"
                form="delete-account-form"
                variant="danger"
                className={DANGER_TEXT}
                busy={remove.isPending}
                icon={<Trash2 aria-hidden className="h-4 w-4" />}
              >
                {t('danger.confirm')}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div ref={body} className="space-y-4 text-sm text-fg">
        {step === 'remind' ? (
          <>
            <div className="rounded-control border border-warning/40 bg-warning-soft p-4" data-testid="delete-account-reminder">
              <p className="flex items-center gap-2 font-semibold text-fg">
                <FileDown aria-hidden className="h-4 w-4 shrink-0 text-warning" />
                {t('danger.exportTitle')}
              </p>
              <p className="mt-1.5 text-fg">{t('danger.exportText')}</p>
              <Link
                to={paths.dashboard}
                className={buttonClasses('outline', 'sm', 'mt-3')}
                onClick={onClose}
                data-testid="delete-account-tasks-link"
              >
                <ListChecks aria-hidden className="h-4 w-4" />
                {t('danger.goToTasks')}
              </Link>
            </div>
            <div>
              <p className="font-medium">{t('danger.whatGoes')}</p>
              <ul className="mt-2 list-disc space-y-1 ps-5 text-muted">
                <li>{t('danger.goesTasks')}</li>
                <li>{t('danger.goesComments')}</li>
                <li>{t('danger.goesShares')}</li>
                <li>{t('danger.goesSessions')}</li>
              </ul>
            </div>
          </>
        ) : (
          <form ref={form.formRef} id="delete-account-form" onSubmit={onSubmit} noValidate className="space-y-4">
            {form.formError && <Alert tone="error">{form.formError}</Alert>}
            <p className="flex items-start gap-2 rounded-control bg-danger-soft px-3 py-2.5 text-danger">
              <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                <Trans t={t} i18nKey="danger.final" components={{ strong: <strong /> }} />
              </span>
            </p>
            <TextField
              label={t('danger.password')}
              {...form.field('password')}
              autoComplete="current-password"
              revealable={{ show: t('passwordForm.show'), hide: t('passwordForm.hide') }}
            />
          </form>
        )}
      </div>
    </Dialog>
  );
}
