import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { resetPassword } from './auth-api.ts';

type Field = 'password' | 'password_confirmation';
const EMPTY: Record<Field, string> = { password: '', password_confirmation: '' };

export type ResetOutcome = 'form' | 'done' | 'invalid';

/**
 * POST /api/user/reset-password with the mailed link's token. A weak or mismatched password is a
 * field error and the link stays usable; a spent or expired link offers a new one.
 */
export function ResetPasswordForm({ token, onOutcome }: { token: string | null; onOutcome?: (outcome: ResetOutcome) => void }) {
  const { t } = useTranslation(['account', 'auth']);
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(token ? null : t('reset.missing'));
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      setDone(translateServerMessage(await resetPassword({ token, ...values })));
      onOutcome?.('done');
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors?.token?.[0]) {
        setInvalid(caught.errors.token[0]);
        onOutcome?.('invalid');
      } else if (caught instanceof ApiError && caught.errors) {
        const next: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(caught.errors)) {
          if (field in EMPTY && messages[0]) next[field as Field] = messages[0];
        }
        setFieldErrors(next);
        if (Object.keys(next).length === 0) setError(caught.message);
      } else if (caught instanceof ApiError || caught instanceof NetworkError) {
        setError(caught.message);
      } else {
        setError(t('auth:login.unexpected'));
      }
    } finally {
      setBusy(false);
    }
  }

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
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t('reset.password')}
        name="password"
        autoComplete="new-password"
        placeholder={t('auth:signup.passwordPlaceholder')}
        value={values.password}
        onChange={update('password')}
        error={fieldErrors.password}
        revealable={reveal}
      />
      <TextField
        label={t('reset.confirmPassword')}
        name="password_confirmation"
        autoComplete="new-password"
        placeholder={t('auth:signup.confirmPasswordPlaceholder')}
        value={values.password_confirmation}
        onChange={update('password_confirmation')}
        error={fieldErrors.password_confirmation}
        revealable={reveal}
      />
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}
