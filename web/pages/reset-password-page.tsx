import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { LinkMark } from '../features/auth/link-outcome.tsx';
import { useLinkToken } from '../features/auth/link-token.ts';
import { ResetPasswordForm, type ResetOutcome } from '../features/auth/reset-password-form.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

/** /reset-password?token=… (issue 18): the link of the password e-mail; the token is spent only by a good password. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'auth']);
  const { token } = useLinkToken();
  const [outcome, setOutcome] = useState<ResetOutcome>(token ? 'form' : 'invalid');
  const title = outcome === 'done' ? t('reset.doneTitle') : outcome === 'invalid' ? t('reset.invalidTitle') : t('reset.title');
  usePageMeta({ title: t('reset.title'), description: t('reset.subtitle'), indexable: false });
  return (
    <AuthShell
      title={title}
      subtitle={outcome === 'form' ? t('reset.subtitle') : ''}
      mark={outcome === 'form' ? undefined : <LinkMark tone={outcome === 'done' ? 'success' : 'error'} />}
      footer={
        outcome === 'done' ? undefined : (
          <Link to={paths.login} className="font-medium text-brand-strong underline-offset-4 hover:underline">
            {t('reset.backToSignIn')}
          </Link>
        )
      }
    >
      <ResetPasswordForm token={token} onOutcome={setOutcome} />
    </AuthShell>
  );
}
