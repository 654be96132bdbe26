import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { forgotPassword } from './auth-api.ts';

/**
 * POST /api/user/forgot-password. The answer is the same whether or not the address has an
 * account (issue 18), so the form only ever says a link is on its way if there is one.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation(['account', 'auth']);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(undefined);
    try {
      setSent(translateServerMessage(await forgotPassword(email.trim())));
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors?.email?.[0]) setFieldError(caught.errors.email[0]);
      else if (caught instanceof ApiError || caught instanceof NetworkError) setError(caught.message);
      else setError(t('auth:login.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-3" data-testid="forgot-sent">
        <Alert tone="success">{sent}</Alert>
        <p className="text-sm text-muted">{t('forgot.sentNote')}</p>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t('auth:login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth:login.emailPlaceholder')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  );
}
