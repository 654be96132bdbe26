import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { login } from './auth-api.ts';

/** The form's error, announced and tied to the form (also cloned by /auth.js on the static /login). */
export function LoginError({ message }: { message: string }) {
  return (
    <div id="login-error">
      <Alert tone="error">{message}</Alert>
    </div>
  );
}

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password.trim()) {
      setError(t('login.fillAllFields'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { user, token } = await login(email.trim(), password);
      // The public-only guard sends the user back to where they came from.
      signIn(user, token.plainTextToken);
    } catch (caught) {
      if (caught instanceof ApiError || caught instanceof NetworkError) setError(caught.message);
      else setError(t('login.unexpected'));
      setBusy(false);
    }
  }

  return (
    // method="post": the static /login (web/public/auth.js) must never put a password in the URL
    // if it is submitted before its script runs; here onSubmit always prevents the submission.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={error ? 'login-error' : undefined}>
      {error && <LoginError message={error} />}
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        revealable={{ show: t('showPassword'), hide: t('hidePassword') }}
      />
      {/* A plain link, so it works on the static /login too (web/public/auth.js keeps ?lang= on it). */}
      <p className="-mt-1.5 text-end text-sm">
        <Link
          to={paths.forgotPassword}
          className="rounded-control font-medium text-brand-strong underline-offset-4 hover:underline"
          data-testid="forgot-password-link"
        >
          {t('login.forgotPassword')}
        </Link>
      </p>
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
