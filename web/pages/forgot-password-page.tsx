import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** /forgot-password (issue 18): from the link under the sign-in form's password field. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'auth']);
  usePageMeta({ title: t('forgot.title'), description: t('forgot.subtitle'), indexable: false });
  return (
    <AuthShell
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <>
          {t('forgot.remembered')}{' '}
          <Link to={paths.login} className="font-medium text-brand-strong underline-offset-4 hover:underline">
            {t('forgot.signInLink')}
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthShell>
  );
}
