import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { Alert } from '../components/ui/alert.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { verifyEmail } from '../features/auth/auth-api.ts';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { LinkMark, LinkOutcome, LinkWorking } from '../features/auth/link-outcome.tsx';
import { useLinkCall, useLinkToken } from '../features/auth/link-token.ts';
import { translateServerMessage } from '../i18n/server-messages.ts';
import { errorMessage } from '../lib/api-client.ts';
import { useApplyFreshUser } from '../lib/api/user-queries.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useSession } from '../lib/session.tsx';

/**
 * /verify-email?token=… (issue 18), signed in or not: the link in the verification e-mail. It is
 * spent once on arrival; a signed-in owner of the address sees the banner go at once.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['account', 'auth']);
  const { session } = useSession();
  const applyFreshUser = useApplyFreshUser();
  const { token } = useLinkToken();
  const result = useLinkCall('verify-email', token, async (value) => {
    const answer = await verifyEmail(value);
    await applyFreshUser(answer.user);
    return answer;
  });

  const title =
    result.status === 'working' ? t('verify.workingTitle') : result.status === 'done' ? t('verify.doneTitle') : t('verify.failedTitle');
  const subtitle =
    result.status === 'working'
      ? t('verify.pageDescription')
      : result.status === 'done'
        ? t('verify.doneText')
        : result.status === 'missing'
          ? t('verify.missing')
          : t('verify.failedHint');
  usePageMeta({ title, description: t('verify.pageDescription'), indexable: false });

  const next =
    session.status === 'authenticated' ? (
      <Link to={paths.dashboard} className={buttonClasses('primary', 'lg', 'w-full')} data-testid="verify-next">
        {t('verify.toDashboard')}
      </Link>
    ) : (
      <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')} data-testid="verify-next">
        {t('verify.toSignIn')}
      </Link>
    );

  return (
    <AuthShell
      title={title}
      subtitle={subtitle}
      mark={<LinkMark tone={result.status === 'working' ? 'working' : result.status === 'done' ? 'success' : 'error'} />}
    >
      {result.status === 'working' ? (
        <LinkWorking label={t('verify.working')} />
      ) : result.status === 'done' ? (
        <LinkOutcome
          tone="success"
          actions={
            <>
              {/* The title says it; this tells a screen reader the page changed. */}
              <p role="status" className="sr-only">
                {translateServerMessage(result.value.message)}
              </p>
              {next}
            </>
          }
        />
      ) : (
        <LinkOutcome tone="error" actions={next}>
          {result.status === 'failed' ? (
            <Alert tone="error">{errorMessage(result.error, t('auth:login.unexpected'), '').trim()}</Alert>
          ) : null}
        </LinkOutcome>
      )}
    </AuthShell>
  );
}
