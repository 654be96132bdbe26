import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { SignupForm } from '../features/auth/signup-form.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  // A page the guard remembered (an invitation's link, say) is kept when switching between sign-in and sign-up.
  const { state } = useLocation();
  usePageMeta({ title: t('signup.title'), description: t('signup.subtitle'), indexable: true });
  return (
    <AuthShell
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Link to="/login" state={state as unknown} className="font-medium text-brand-strong underline-offset-4 hover:underline">
            {t('signup.loginLink')}
          </Link>
        </>
      }
    >
      <SignupForm loginPath="/login" />
    </AuthShell>
  );
}
