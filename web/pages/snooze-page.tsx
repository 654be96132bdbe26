import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SNOOZE_CHOICES, type SnoozeChoice } from '../../common/schemas/notification-input.schema.ts';
import { paths } from '../app/paths.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { AuthShell } from '../features/auth/auth-shell.tsx';
import { LinkMark, LinkOutcome } from '../features/auth/link-outcome.tsx';
import { useLinkToken } from '../features/auth/link-token.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { useSnoozeByLink } from '../lib/api/snooze-link-queries.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { useUserTimeZone } from '../lib/use-user-clock.ts';

/** A link's focus as it appears (React's autoFocus is for form controls only). */
const focusOnArrival = (node: HTMLAnchorElement | null) => node?.focus();

const isChoice = (value: string | null): value is SnoozeChoice => SNOOZE_CHOICES.includes(value as SnoozeChoice);

/**
 * /snooze?token=…&for=… (issue 22), signed in or not: a reminder e-mail's "Remind me again" links.
 * Opening the page changes nothing (a mail scanner that follows links must not snooze); the
 * person presses the choice, which the link preselects. The link's secret snoozes once.
 */
export default function SnoozePage() {
  const { t, i18n } = useTranslation('notifications');
  const { token } = useLinkToken();
  const location = useLocation();
  const [preselected] = useState(() => {
    const value = new URLSearchParams(location.search).get('for');
    return isChoice(value) ? value : '10m';
  });
  const timeZone = useUserTimeZone();
  const snooze = useSnoozeByLink();
  usePageMeta({ title: t('snoozePage.title'), description: t('snoozePage.description'), indexable: false });

  const when = (iso: string) => {
    const format = (zone?: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
    try {
      return format(timeZone);
    } catch {
      return format();
    }
  };

  // A spent, expired or unknown link cannot be pressed again; any other failure can be retried.
  const dead = snooze.error instanceof ApiError && (snooze.error.status === 404 || snooze.error.status === 410);

  if (snooze.isSuccess)
    return (
      <AuthShell
        title={t('snooze.done')}
        subtitle={t('snoozePage.doneText', { when: when(snooze.data.remind_at) })}
        mark={<LinkMark tone="success" />}
      >
        <LinkOutcome
          tone="success"
          actions={
            <>
              <p role="status" className="sr-only">
                {t('snoozePage.doneText', { when: when(snooze.data.remind_at) })}
              </p>
              {/* The pressed choice is gone with the outcome: focus goes to what comes next, not to the page. */}
              <Link
                ref={focusOnArrival}
                to={paths.task(snooze.data.task_id)}
                className={buttonClasses('primary', 'lg', 'w-full')}
                data-testid="snooze-open-task"
              >
                {t('snoozePage.openTask')}
              </Link>
            </>
          }
        />
      </AuthShell>
    );

  return (
    <AuthShell
      title={t('snoozePage.title')}
      subtitle={token && !dead ? t('snoozePage.description') : dead ? t('snoozePage.dead') : t('snoozePage.missing')}
      mark={<LinkMark tone={token && !snooze.isError ? 'working' : 'error'} />}
    >
      <LinkOutcome
        tone={snooze.isError ? 'error' : 'working'}
        actions={
          token && !dead ? (
            <div role="group" aria-label={t('snooze.label')} className="flex w-full flex-col gap-2" data-testid="snooze-choices">
              {SNOOZE_CHOICES.map((choice) => (
                <Button
                  key={choice}
                  type="button"
                  size="lg"
                  className="w-full"
                  variant={choice === preselected ? 'primary' : 'outline'}
                  autoFocus={choice === preselected}
                  busy={snooze.isPending && snooze.variables?.choice === choice}
                  disabled={snooze.isPending}
                  onClick={() => snooze.mutate({ token, choice })}
                >
                  {t(`snooze.${choice}`)}
                </Button>
              ))}
            </div>
          ) : (
            <Link ref={focusOnArrival} to={paths.dashboard} className={buttonClasses('primary', 'lg', 'w-full')}>
              {t('snoozePage.toDashboard')}
            </Link>
          )
        }
      >
        {snooze.isError ? (
          <Alert tone="error">{errorMessage(snooze.error, t('snooze.failed'), t('common:errors.pleaseTryAgain')).trim()}</Alert>
        ) : null}
      </LinkOutcome>
    </AuthShell>
  );
}
