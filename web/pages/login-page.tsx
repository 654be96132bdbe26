import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { LoginForm } from '../features/auth/login-form.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  // A page the guard remembered (an invitation's link, say) is kept when switching between sign-in and sign-up.
  const { state } = useLocation();
  usePageMeta({ title: t('login.submit'), description: t('login.subtitle'), indexable: true });
  return (
    <AuthShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/signup" state={state as unknown} className="font-medium text-brand-strong underline-offset-4 hover:underline">
            {t('login.signupLink')}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
