import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/limits.ts';
import { PasswordChangeInput } from '../../../common/schemas/settings.schema.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useChangePassword } from '../../lib/api/settings-queries.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { SettingsSection } from './settings-section.tsx';

type Field = 'current_password' | 'password' | 'password_confirmation';
const EMPTY: Record<Field, string> = { current_password: '', password: '', password_confirmation: '' };

/** Issue 18: a new password, the current one required; every other device is signed out. */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const reveal = { show: t('passwordForm.show'), hide: t('passwordForm.hide') };
  // PasswordChangeInput's rules (its lengths too), in this form's own words where it has them.
  const form = useApiForm<Record<Field, string>>({
    schema: PasswordChangeInput,
    defaultValues: EMPTY,
    wording: {
      'The current password field is required.': t('passwordForm.required'),
      'The password field is required.': t('passwordForm.newRequired'),
      'The password field confirmation does not match.': { field: 'password_confirmation', message: t('passwordForm.mismatch') },
    },
    // The schema takes an empty confirmation as a mismatch; this form asks for it first.
    check: (values) => (values.password_confirmation ? {} : { password_confirmation: t('passwordForm.confirmRequired') }),
  });

  const field = (name: Field) => {
    const bound = form.field(name);
    return {
      ...bound,
      onChange: (event: { target: { value: string } }) => {
        bound.onChange(event);
        setChanged(false);
      },
    };
  };

  const onSubmit = form.submit(async (input) => {
    await change.mutateAsync(input);
    form.reset(EMPTY);
    setChanged(true);
  }, t('passwordForm.failed'));

  return (
    <SettingsSection id="password-settings" icon={KeyRound} title={t('passwordForm.title')} description={t('passwordForm.description')}>
      <form ref={form.formRef} onSubmit={onSubmit} noValidate className="space-y-4" data-testid="password-form">
        {changed && <Alert tone="success">{t('passwordForm.changed')}</Alert>}
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          label={t('passwordForm.current')}
          {...field('current_password')}
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          revealable={reveal}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('passwordForm.new')}
            {...field('password')}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            hint={t('passwordForm.hint', { min: LIMITS.passwordMin })}
            revealable={reveal}
          />
          <TextField
            label={t('passwordForm.confirm')}
            {...field('password_confirmation')}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            revealable={reveal}
          />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" busy={change.isPending}>
            {t('passwordForm.submit')}
          </Button>
          <p className="text-xs text-muted">{t('passwordForm.othersSignedOut')}</p>
        </div>
      </form>
    </SettingsSection>
  );
}
