import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { claimInvitation } from '../features/auth/auth-api.ts';
import { LinkMark, LinkWorking } from '../features/auth/link-outcome.tsx';
import { useLinkCall, useLinkToken } from '../features/auth/link-token.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useApplyFreshUser } from '../lib/api/user-queries.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useCurrentUser, useSession } from '../lib/session.tsx';
import { translateServerMessage } from '../i18n/server-messages.ts';

/** The API's refusal when the signed-in account is not the invited address (server/services/account.service.ts). */
const OTHER_ADDRESS = 'This invitation was sent to another e-mail address. Sign in with that address to see it.';

/**
 * /invitation?token=… (issue 18): the link of an invitation e-mail, followed by a signed-in
 * account (the guard sends a visitor to sign in or sign up first, then back here). It proves the
 * mailbox, so the invitations to that address become the account's pending shares in the bell.
 */
export default function InvitationPage() {
  const { t } = useTranslation(['account', 'auth']);
  const user = useCurrentUser();
  const { signOut } = useSession();
  const applyFreshUser = useApplyFreshUser();
  const headingId = useId();
  const { token, putBack } = useLinkToken();
  // Per account: after switching accounts the same link is tried again for the new one.
  const result = useLinkCall(`invitation:${user.id}`, token, async (value) => {
    const fresh = await claimInvitation(value);
    await applyFreshUser(fresh);
    return fresh;
  });

  const title =
    result.status === 'working'
      ? t('invitation.workingTitle')
      : result.status === 'done'
        ? t('invitation.doneTitle')
        : t('invitation.failedTitle');
  usePageMeta({ title, description: t('invitation.pageDescription'), indexable: false });

  const otherAddress =
    result.status === 'failed' &&
    result.error instanceof ApiError &&
    result.error.errors?.token?.[0] === translateServerMessage(OTHER_ADDRESS);

  // Switching accounts: the link goes back into the address first, and once it is there the
  // session ends; the guard then remembers this address, sends the visitor to sign in (or up)
  // with the invited address, and brings them back to the link.
  const [switching, setSwitching] = useState(false);
  const { search } = useLocation();
  useEffect(() => {
    if (switching && new URLSearchParams(search).has('token')) void signOut();
  }, [switching, search, signOut]);
  const switchAccount = () => {
    setSwitching(true);
    putBack();
  };

  const toDashboard = (
    <Link to={paths.dashboard} className={buttonClasses(otherAddress ? 'outline' : 'primary', 'md')}>
      {t('invitation.toDashboard')}
    </Link>
  );

  return (
    <div className="mx-auto max-w-lg py-4 sm:py-10">
      <section
        aria-labelledby={headingId}
        data-testid="invitation-result"
        data-status={result.status}
        className="space-y-5 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
      >
        <LinkMark tone={result.status === 'working' ? 'working' : result.status === 'done' ? 'success' : 'error'} />
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-fg">
          {title}
        </h1>
        {result.status === 'working' && <LinkWorking label={t('verify.working')} />}
        {result.status === 'done' && (
          <>
            <Alert tone="success">{t('invitation.doneText', { email: `\u2068${result.value.email}\u2069` })}</Alert>
            <div className="flex flex-wrap gap-2">{toDashboard}</div>
          </>
        )}
        {result.status === 'missing' && (
          <>
            <p className="text-sm text-muted">{t('invitation.missing')}</p>
            <div className="flex flex-wrap gap-2">{toDashboard}</div>
          </>
        )}
        {result.status === 'failed' && (
          <>
            <Alert tone="error">{errorMessage(result.error, t('auth:login.unexpected'), '').trim()}</Alert>
            {otherAddress && (
              <div className="space-y-1 text-sm text-muted">
                <p data-testid="invitation-signed-in-as">{t('invitation.signedInAs', { email: `\u2068${user.email}\u2069` })}</p>
                <p>{t('invitation.switchHint')}</p>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {otherAddress && (
                <Button busy={switching} onClick={switchAccount}>
                  {t('invitation.switch')}
                </Button>
              )}
              {toDashboard}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
