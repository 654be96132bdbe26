import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginInput } from '../../../common/schemas/user-input.schema.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useApiForm } from '../../lib/forms/use-api-form.ts';
import { useSession } from '../../lib/session.tsx';
import { login } from './auth-api.ts';
import { authFailure } from './auth-failure.ts';

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
  const form = useApiForm<{ email: string; password: string }>({
    schema: LoginInput,
    defaultValues: { email: '', password: '' },
    // Spec §5: a blank e-mail or password (spaces too) is one message for the form, never a field's.
    check: (values) => (!values.email.trim() || !values.password.trim() ? { root: t('login.fillAllFields') } : {}),
    // Spec §8: whatever the server says (wrong credentials, too many attempts) is said above the form.
    fieldFor: () => undefined,
  });
  const error = form.formError;
  // Busy until the page changes: signing in leads away from here.
  const busy = form.formState.isSubmitting || form.formState.isSubmitSuccessful;

  const onSubmit = form.submit(
    async ({ email, password }) => {
      const { user, token } = await login(email, password);
      // The public-only guard sends the user back to where they came from.
      signIn(user, token.plainTextToken);
    },
    authFailure(t('login.unexpected')),
  );

  return (
    // method="post": the static /login (web/public/auth.js) must never put a password in the URL
    // if it is submitted before its script runs; here onSubmit always prevents the submission.
    <form
      ref={form.formRef}
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-describedby={error ? 'login-error' : undefined}
    >
      {error && <LoginError message={error} />}
      <TextField
        label={t('login.email')}
        type="email"
        {...form.field('email')}
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
      />
      <TextField
        label={t('login.password')}
        {...form.field('password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
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
