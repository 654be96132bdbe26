import { AtSign, BadgeCheck, CircleAlert, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import { EmailChangeInput } from '../../../common/schemas/settings.schema.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useRequestEmailChange } from '../../lib/api/settings-queries.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { formatMemberSince } from './profile-card.tsx';
import { SettingsSection } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

const EMPTY = { email: '', password: '' };

/**
 * Issue 18: the address and whether it is proven (shares reach an account only then), and a new
 * address, which takes effect once the link mailed to it is followed (/verify-email).
 */
export function EmailSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation('settings');
  const change = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const toggle = useRef<HTMLDivElement>(null);
  // EmailChangeInput's rules (an address's form too), in this form's own words where it has them.
  const form = useApiForm<typeof EMPTY>({
    schema: EmailChangeInput,
    defaultValues: EMPTY,
    wording: {
      'The email field is required.': t('emailForm.emailRequired'),
      'The password field is required.': t('passwordForm.required'),
    },
  });
  const verifiedOn = user.email_verified_at ? formatMemberSince(user.email_verified_at, i18n.resolvedLanguage ?? 'en') : null;

  const focusLater = useFocusLater();
  const focusToggle = () => focusLater(() => toggle.current?.querySelector('button'));

  function openForm() {
    setOpen(true);
    setSentTo(null);
    focusLater(() => form.formRef.current?.querySelector('input'));
  }

  function close() {
    setOpen(false);
    form.reset(EMPTY);
    focusToggle();
  }

  const onSubmit = form.submit(async ({ email, password }) => {
    await change.mutateAsync({ email, password });
    // The schema's address: trimmed and in lower case, as the account will hold it.
    setSentTo(email);
    setOpen(false);
    form.reset(EMPTY);
    focusToggle();
  }, t('emailForm.failed'));

  return (
    <SettingsSection id="email-settings" icon={AtSign} title={t('emailForm.title')} description={t('emailForm.description')}>
      <div className="flex items-start gap-3 rounded-control border border-line bg-surface-2/50 p-4" data-testid="email-current">
        <Mail aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-muted" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">{t('emailForm.current')}</p>
          <p className="font-medium break-all text-fg">
            <bdi>{user.email}</bdi>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
            {user.email_verified_at ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success"
                data-testid="email-verified"
              >
                <BadgeCheck aria-hidden className="h-3.5 w-3.5" />
                {t('emailForm.verified')}
              </span>
            ) : (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning"
                data-testid="email-unverified"
              >
                <CircleAlert aria-hidden className="h-3.5 w-3.5" />
                {t('emailForm.unverified')}
              </span>
            )}
            <span className="text-xs text-muted">
              {user.email_verified_at ? verifiedOn && t('emailForm.verifiedOn', { date: verifiedOn }) : t('emailForm.unverifiedText')}
            </span>
          </div>
        </div>
      </div>

      {sentTo && (
        <Alert tone="success" className="mt-4">
          <span data-testid="email-change-sent">{t('emailForm.sent', { email: `\u2068${sentTo}\u2069` })}</span>
        </Alert>
      )}

      {open ? (
        <form ref={form.formRef} onSubmit={onSubmit} noValidate className="mt-5 space-y-4" data-testid="email-form">
          {form.formError && <Alert tone="error">{form.formError}</Alert>}
          <p className="text-sm text-muted">{t('emailForm.formHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('emailForm.newEmail')}
              type="email"
              {...form.field('email')}
              dir="ltr"
              autoComplete="email"
              inputMode="email"
              maxLength={LIMITS.emailMax}
            />
            <TextField
              label={t('emailForm.password')}
              {...form.field('password')}
              autoComplete="current-password"
              revealable={{ show: t('passwordForm.show'), hide: t('passwordForm.hide') }}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={change.isPending}>
              {t('emailForm.submit')}
            </Button>
            <Button variant="outline" onClick={close} disabled={change.isPending}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div ref={toggle} className="mt-4">
          <Button variant="outline" onClick={openForm}>
            {t('emailForm.change')}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
