import { useQuery } from '@tanstack/react-query';
import { AlertCircle, LogOut, MonitorSmartphone, Monitor, RotateCw, Smartphone } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../common/schemas/settings.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { sessionsQuery, useEndSession, useSignOutEverywhere } from '../../lib/api/settings-queries.ts';
import { useSession } from '../../lib/session.tsx';
import { lastActiveText, sessionDevice, sessionName, signedInText, sortSessions } from './session-text.ts';
import { DANGER_OUTLINE, DANGER_TEXT } from './danger-zone.tsx';
import { SettingsSection } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

/** A minute is fine enough for "last active", and keeps "just now" true. */
function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Issue 18: where the account is signed in, by browser and system, with "sign out" for each and
 * "sign out everywhere" (this device too: the app then signs out here and shows sign-in).
 */
export function SessionsSection() {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const { signOut } = useSession();
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const everywhereButton = useRef<HTMLDivElement>(null);
  const now = useNow();
  const focusLater = useFocusLater();
  const language = i18n.resolvedLanguage ?? 'en';
  const pleaseTryAgain = t('common:errors.pleaseTryAgain');
  const rows = useMemo(() => sortSessions(sessions.data ?? []), [sessions.data]);
  const names = { both: t('sessions.name'), osOnly: t('sessions.osOnly'), unknown: t('sessions.unknown') };

  /** After a row went: the sign-out button now in its place, else the one above it, else "Sign out everywhere". */
  function focusAfter(index: number) {
    focusLater(() => {
      const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-end-session]') ?? [])];
      return buttons[Math.min(index, buttons.length - 1)] ?? everywhereButton.current?.querySelector('button');
    });
  }

  function endSession(session: Session) {
    const index = rows.filter((row) => !row.current).findIndex((row) => row.id === session.id);
    setEnding(session.id);
    end.mutate(session.id, {
      onSuccess: () => toast.show(t('sessions.ended', { name: sessionName(session, names) })),
      onError: (caught) => toast.show(errorMessage(caught, t('sessions.endFailed'), pleaseTryAgain), 'error'),
      onSettled: () => {
        setEnding(null);
        // The list has been read again by now (useEndSession): focus goes to what is in its place.
        focusAfter(index);
      },
    });
  }

  const focusEverywhere = () => focusLater(() => everywhereButton.current?.querySelector('button'));
  function closeConfirm() {
    setConfirming(false);
    focusEverywhere();
  }

  function signOutEverywhere() {
    everywhere.mutate(undefined, {
      onSuccess: async ({ message }) => {
        setConfirming(false);
        toast.show(translateServerMessage(message));
        // Every token is gone, this one too: sign out here; the guard then shows sign-in.
        await signOut();
      },
      onError: (caught) => {
        closeConfirm();
        toast.show(errorMessage(caught, t('sessions.everywhereFailed'), pleaseTryAgain), 'error');
      },
    });
  }

  return (
    <SettingsSection id="sessions-settings" icon={MonitorSmartphone} title={t('sessions.title')} description={t('sessions.description')}>
      {sessions.isPending ? (
        <div role="status" aria-live="polite" className="space-y-2">
          {[0, 1].map((row) => (
            <div key={row} aria-hidden className="flex items-center gap-3 rounded-control border border-line p-4">
              <span className="h-10 w-10 animate-pulse rounded-control bg-surface-2" />
              <span className="flex-1 space-y-2">
                <span className="block h-3 w-40 animate-pulse rounded-full bg-surface-2" />
                <span className="block h-3 w-56 max-w-full animate-pulse rounded-full bg-surface-2" />
              </span>
            </div>
          ))}
          <span className="sr-only">{t('sessions.loading')}</span>
        </div>
      ) : sessions.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
          <AlertCircle aria-hidden className="h-4 w-4 shrink-0" />
          <span className="flex-1">{errorMessage(sessions.error, t('sessions.loadFailed'), pleaseTryAgain)}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void sessions.refetch()}
            busy={sessions.isFetching}
            icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}
          >
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      ) : (
        <ul ref={list} className="divide-y divide-line overflow-hidden rounded-control border border-line" data-testid="sessions-list">
          {rows.map((session) => {
            const name = sessionName(session, names);
            const Icon = sessionDevice(session) === 'mobile' ? Smartphone : Monitor;
            const lastActive = session.current
              ? t('sessions.activeNow')
              : t('sessions.lastActive', {
                  time: lastActiveText(session.last_used_at ?? session.created_at, now, language, t('sessions.justNow')),
                });
            return (
              <li
                key={session.id}
                className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
                data-testid="session-row"
                data-current={session.current || undefined}
              >
                <span
                  className={
                    session.current
                      ? 'flex h-10 w-10 shrink-0 items-center justify-center rounded-control bg-brand-soft text-brand-strong'
                      : 'flex h-10 w-10 shrink-0 items-center justify-center rounded-control bg-surface-2 text-muted'
                  }
                >
                  <Icon aria-hidden className="h-5 w-5" />
                </span>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <p id={`session-${session.id}-name`} className="font-medium break-words text-fg" data-testid="session-name">
                      {name}
                    </p>
                    {session.current && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
                        <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-current" />
                        {t('sessions.thisDevice')}
                      </span>
                    )}
                  </div>
                  <p className="mt-0.5 flex flex-col text-xs text-muted sm:flex-row sm:flex-wrap sm:gap-x-1.5">
                    <span>{t('sessions.signedIn', { date: signedInText(session.created_at, language) })}</span>
                    <span aria-hidden className="hidden sm:inline">
                      ·
                    </span>
                    <span title={session.last_used_at ? signedInText(session.last_used_at, language) : undefined}>{lastActive}</span>
                  </p>
                </div>
                {!session.current && (
                  // Phones: under the text; wider screens: at the end of the row.
                  <div className="col-start-2 sm:col-start-3">
                    <Button
                      variant="outline"
                      size="sm"
                      data-end-session={session.id}
                      aria-describedby={`session-${session.id}-name`}
                      busy={ending === session.id}
                      disabled={ending !== null}
                      onClick={() => endSession(session)}
                      icon={<LogOut aria-hidden className="rtl-mirror h-4 w-4" />}
                    >
                      {t('sessions.signOut')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
        <p className="min-w-0 flex-1 basis-60 text-sm text-muted">{t('sessions.everywhereText')}</p>
        <div ref={everywhereButton}>
          <Button variant="outline" onClick={() => setConfirming(true)} className={DANGER_OUTLINE}>
            {t('sessions.everywhere')}
          </Button>
        </div>
      </div>

      <Dialog
        open={confirming}
        onClose={() => !everywhere.isPending && closeConfirm()}
        title={t('sessions.everywhereConfirmTitle')}
        size="sm"
        closeLabel={t('common:actions.close')}
        testId="sign-out-everywhere-dialog"
        footer={
          <>
            <Button variant="outline" onClick={closeConfirm} disabled={everywhere.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="danger" className={DANGER_TEXT} busy={everywhere.isPending} onClick={signOutEverywhere}>
              {t('sessions.everywhere')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg">{t('sessions.everywhereConfirmText')}</p>
      </Dialog>
    </SettingsSection>
  );
}
