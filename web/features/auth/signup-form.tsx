import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TIMINGS } from '../../../common/constants.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { register } from './auth-api.ts';

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
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate(loginPath, { state: state as unknown }), TIMINGS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate, loginPath, state]);

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // Spec §5: a field's server error clears as soon as that field is edited.
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await register(values);
      setSucceeded(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors) {
        const next: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(caught.errors)) {
          if (field in EMPTY && messages[0]) next[field as Field] = messages[0];
        }
        setFieldErrors(next);
        if (Object.keys(next).length === 0) setError(caught.message);
      } else if (caught instanceof ApiError || caught instanceof NetworkError) {
        setError(caught.message);
      } else {
        setError(t('login.unexpected'));
      }
    } finally {
      setBusy(false);
    }
  }

  if (succeeded) return <SignupSuccess />;

  const reveal = { show: t('showPassword'), hide: t('hidePassword') };
  return (
    // method="post": see LoginForm.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t('signup.name')}
        name="name"
        autoComplete="name"
        placeholder={t('signup.namePlaceholder')}
        value={values.name}
        onChange={update('name')}
        error={fieldErrors.name}
      />
      <TextField
        label={t('signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        value={values.email}
        onChange={update('email')}
        error={fieldErrors.email}
      />
      <TextField
        label={t('signup.password')}
        name="password"
        autoComplete="new-password"
        placeholder={t('signup.passwordPlaceholder')}
        value={values.password}
        onChange={update('password')}
        error={fieldErrors.password}
        revealable={reveal}
      />
      <TextField
        label={t('signup.confirmPassword')}
        name="password_confirmation"
        autoComplete="new-password"
        placeholder={t('signup.confirmPasswordPlaceholder')}
        value={values.password_confirmation}
        onChange={update('password_confirmation')}
        error={fieldErrors.password_confirmation}
        revealable={reveal}
      />
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
