import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { resetPassword } from './auth-api.ts';
import { authFailure } from './auth-failure.ts';

type Field = 'password' | 'password_confirmation';
const EMPTY: Record<Field, string> = { password: '', password_confirmation: '' };

export type ResetOutcome = 'form' | 'done' | 'invalid';

/**
 * POST /api/user/reset-password with the mailed link's token. A weak or mismatched password is a
 * field error and the link stays usable; a spent or expired link offers a new one.
 */
export function ResetPasswordForm({ token, onOutcome }: { token: string | null; onOutcome?: (outcome: ResetOutcome) => void }) {
  const { t } = useTranslation(['account', 'auth']);
  // No schema, as sign-up (spec §5): the password rules are the server's to say.
  const form = useApiForm<Record<Field, string>>({ defaultValues: EMPTY });
  const [invalid, setInvalid] = useState<string | null>(token ? null : t('reset.missing'));
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = form.submit(
    async (values) => {
      if (!token) return;
      try {
        setDone(translateServerMessage(await resetPassword({ token, ...values })));
        onOutcome?.('done');
      } catch (caught) {
        // A spent or expired link is no field's error: the form gives way to a new link.
        const spent = caught instanceof ApiError ? caught.errors?.token?.[0] : undefined;
        if (!spent) throw caught;
        setInvalid(spent);
        onOutcome?.('invalid');
      }
    },
    authFailure(t('auth:login.unexpected')),
  );

  if (done) {
    return (
      <div className="space-y-4" data-testid="reset-done">
        <Alert tone="success">{done}</Alert>
        <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('reset.signIn')}
        </Link>
      </div>
    );
  }

  if (invalid) {
    return (
      <div className="space-y-4" data-testid="reset-invalid">
        <Alert tone="error">{invalid}</Alert>
        <p className="text-sm text-muted">{t('reset.invalidHint')}</p>
        <Link to={paths.forgotPassword} className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('reset.requestNew')}
        </Link>
      </div>
    );
  }

  const reveal = { show: t('auth:showPassword'), hide: t('auth:hidePassword') };
  return (
    <form ref={form.formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField
        label={t('reset.password')}
        {...form.field('password')}
        autoComplete="new-password"
        placeholder={t('auth:signup.passwordPlaceholder')}
        revealable={reveal}
      />
      <TextField
        label={t('reset.confirmPassword')}
        {...form.field('password_confirmation')}
        autoComplete="new-password"
        placeholder={t('auth:signup.confirmPasswordPlaceholder')}
        revealable={reveal}
      />
      <Button type="submit" size="lg" className="w-full" busy={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}
