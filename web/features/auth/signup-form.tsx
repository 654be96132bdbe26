import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS } from '../../../common/constants.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { register } from './auth-api.ts';
import { authFailure } from './auth-failure.ts';

type Field = 'name' | 'email' | 'password' | 'password_confirmation';
const EMPTY: Record<Field, string> = { name: '', email: '', password: '', password_confirmation: '' };

/** What replaces the form once the account exists (also used by /auth.js on the static /signup). */
export function SignupSuccess() {
  const { t } = useTranslation('auth');
  return <Alert tone="success">{t('signup.success')}</Alert>;
}

export function SignupForm({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // Where sign-in should lead afterwards (a protected page, an invitation's link), kept through sign-up.
  const { state } = useLocation();
  // No schema: spec §5 leaves sign-up's checks to the server (no client-side password length or
  // match check), so the static /signup, whose script has no schema, says the same.
  const form = useApiForm<Record<Field, string>>({ defaultValues: EMPTY });
  const [succeeded, setSucceeded] = useState(false);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate(loginPath, { state: state as unknown }), TIMINGS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate, loginPath, state]);

  // Spec §5: each field shows the first server error under it until it is edited.
  const onSubmit = form.submit(
    async (values) => {
      await register(values);
      setSucceeded(true);
    },
    authFailure(t('login.unexpected')),
  );

  if (succeeded) return <SignupSuccess />;

  const reveal = { show: t('showPassword'), hide: t('hidePassword') };
  return (
    // method="post": see LoginForm.
    <form ref={form.formRef} method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <TextField label={t('signup.name')} {...form.field('name')} autoComplete="name" placeholder={t('signup.namePlaceholder')} />
      <TextField
        label={t('signup.email')}
        type="email"
        {...form.field('email')}
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
      />
      <TextField
        label={t('signup.password')}
        {...form.field('password')}
        autoComplete="new-password"
        placeholder={t('signup.passwordPlaceholder')}
        revealable={reveal}
      />
      <TextField
        label={t('signup.confirmPassword')}
        {...form.field('password_confirmation')}
        autoComplete="new-password"
        placeholder={t('signup.confirmPasswordPlaceholder')}
        revealable={reveal}
      />
      <Button type="submit" size="lg" className="w-full" busy={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
