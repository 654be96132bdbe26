import { useQuery } from '@tanstack/react-query';
import { AlertCircle, BellOff, BellPlus, Info, Monitor, RotateCw, Smartphone, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushBrowser } from '../../../common/schemas/push.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { PushPermissionError, pushSupport, type PushSupport } from '../../lib/web-push.ts';
import { pushHere } from '../../lib/push-renewal.ts';
import { pushBrowsersQuery, useEnablePush, useRemovePushBrowser } from './notification-settings-api.ts';
import { lastActiveText, sessionDevice, sessionName } from './session-text.ts';
import { useFocusLater } from './use-focus-later.ts';

/** A name as it is spoken: the isolates that keep a Latin name in place in an Arabic line are for the eye. */
const withoutIsolates = (text: string) => text.replace(/[\u2068\u2069]/g, '');

/** Phones get a full 44 px to tap; wider screens keep the usual sizes. */
const PHONE_TAP = 'max-sm:h-11 max-sm:px-4';

/**
 * Whether this browser can have push, kept up to date while the page is open: a permission
 * changed in the browser's site settings shows without a reload where the browser says so.
 */
function usePushSupport(): [PushSupport, () => void] {
  const [support, setSupport] = useState(pushSupport);
  useEffect(() => {
    const check = () => setSupport(pushSupport());
    window.addEventListener('focus', check);
    let status: PermissionStatus | undefined;
    let gone = false;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        if (gone) return;
        status = found;
        status.addEventListener('change', check);
      })
      .catch(() => {});
    return () => {
      gone = true;
      window.removeEventListener('focus', check);
      status?.removeEventListener('change', check);
    };
  }, []);
  return [support, () => setSupport(pushSupport())];
}

/**
 * Settings → Notifications, under the grid (issue 22): turning push on in this browser, and the
 * browsers it is on in, each of which can be removed.
 */
export function PushBrowsers() {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const [support, recheck] = usePushSupport();
  const browsers = useQuery(pushBrowsersQuery());
  const enable = useEnablePush();
  const remove = useRemovePushBrowser();
  // The row of this very browser, if push was enabled here (lib/push-renewal.ts).
  const hereId = pushHere()?.subscriptionId;
  const [enableError, setEnableError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const focusLater = useFocusLater();
  const ids = { title: useId(), description: useId(), list: useId(), note: useId() };
  const enableBox = useRef<HTMLDivElement>(null);
  const listBox = useRef<HTMLDivElement>(null);
  const language = i18n.resolvedLanguage ?? 'en';
  const pleaseTryAgain = t('common:errors.pleaseTryAgain');
  const names = { both: t('sessions.name'), osOnly: t('sessions.osOnly'), unknown: t('sessions.unknown') };
  /**
   * A sentence naming a browser: "… from Chrome on Windows", and its own wording for a browser
   * known only by its system ("… from a browser on Android") or not at all ("… from an unknown browser").
   */
  const about = (key: 'removeLabel' | 'removed' | 'removeFailed', browser: PushBrowser) =>
    t(`notifications.push.${key}`, {
      context: browser.browser ? undefined : browser.os ? 'os' : 'unknown',
      name: sessionName(browser, names),
      os: `\u2068${browser.os ?? ''}\u2069`,
    });
  const now = new Date();
  const dateText = (iso: string) => {
    const moment = new Date(iso);
    return Number.isNaN(moment.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(moment);
  };

  const removeButtons = () => [...(listBox.current?.querySelectorAll<HTMLButtonElement>('button[data-push-browser-remove]') ?? [])];
  const enableButton = () => enableBox.current?.querySelector<HTMLButtonElement>('button');
  /** Where focus goes when what had it is gone: the enable button, else the list's heading. */
  const fallbackFocus = () => enableButton() ?? document.getElementById(ids.list);

  function enablePush() {
    setEnableError(null);
    enable.mutate(undefined, {
      onSuccess: () => toast.show(t('notifications.push.enabled')),
      onError: (caught) => {
        recheck();
        if (caught instanceof PushPermissionError)
          // Blocked: the note on allowing it takes the button's place. Dismissed: it can be asked again.
          setEnableError(caught.permission === 'denied' ? null : t('notifications.push.notAllowed'));
        else setEnableError(errorMessage(caught, t('notifications.push.enableFailed'), pleaseTryAgain));
      },
      // The button was disabled while busy, so focus went with it: back to it, or to the note that replaced it.
      onSettled: () => focusLater(() => enableButton() ?? document.getElementById(ids.note)),
    });
  }

  function removeBrowser(browser: PushBrowser) {
    const index = (browsers.data ?? []).findIndex((row) => row.id === browser.id);
    setRemoving(browser.id);
    remove.mutate(browser.id, {
      onSuccess: () => {
        toast.show(about('removed', browser));
        // The button now in its place, else the one above, else the enable button.
        focusLater(() => {
          const buttons = removeButtons();
          return buttons[Math.min(index, buttons.length - 1)] ?? fallbackFocus();
        });
      },
      onError: (caught) => {
        toast.show(errorMessage(caught, about('removeFailed', browser), pleaseTryAgain), 'error');
        focusLater(() => removeButtons().find((button) => button.dataset.pushBrowserRemove === String(browser.id)) ?? fallbackFocus());
      },
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <div className="space-y-4 border-t border-line pt-5" data-testid="push-browsers">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <h3 id={ids.title} className="text-sm font-medium text-fg">
            {t('notifications.push.title')}
          </h3>
          <p id={ids.description} className="mt-0.5 text-xs text-muted">
            {t('notifications.push.description')}
          </p>
        </div>
        {support === 'supported' && (
          <div ref={enableBox} className="w-full sm:w-auto">
            <Button
              variant="outline"
              onClick={enablePush}
              busy={enable.isPending}
              aria-describedby={ids.description}
              icon={<BellPlus aria-hidden className="h-4 w-4" />}
              className={`w-full sm:w-auto ${PHONE_TAP}`}
              data-testid="push-enable"
            >
              {t('notifications.push.enable')}
            </Button>
          </div>
        )}
      </div>

      {support !== 'supported' && (
        <p
          id={ids.note}
          tabIndex={-1}
          className="flex items-start gap-2 rounded-control bg-surface-2/60 px-3 py-2.5 text-sm text-muted"
          data-testid={support === 'denied' ? 'push-denied' : 'push-unsupported'}
        >
          {support === 'denied' ? (
            <BellOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          ) : (
            <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          )}
          <span>{t(support === 'denied' ? 'notifications.push.denied' : 'notifications.push.unsupported')}</span>
        </p>
      )}

      {enableError && (
        <p role="alert" className="flex items-start gap-2 text-sm text-danger" data-testid="push-enable-error">
          <AlertCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <bdi>{enableError}</bdi>
        </p>
      )}

      <div ref={listBox}>
        <h4 id={ids.list} tabIndex={-1} className="mb-2 text-xs font-medium text-muted">
          {t('notifications.push.listTitle')}
        </h4>
        {browsers.isPending ? (
          <div role="status" aria-live="polite" className="rounded-control border border-line p-4">
            <span aria-hidden className="flex items-center gap-3">
              <span className="h-9 w-9 animate-pulse rounded-control bg-surface-2" />
              <span className="flex-1 space-y-2">
                <span className="block h-3 w-32 max-w-full animate-pulse rounded-full bg-surface-2" />
                <span className="block h-3 w-48 max-w-full animate-pulse rounded-full bg-surface-2" />
              </span>
            </span>
            <span className="sr-only">{t('notifications.push.loading')}</span>
          </div>
        ) : browsers.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
            <AlertCircle aria-hidden className="h-4 w-4 shrink-0" />
            <span className="min-w-0 flex-1">{errorMessage(browsers.error, t('notifications.push.loadFailed'), pleaseTryAgain)}</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void browsers.refetch()}
              busy={browsers.isFetching}
              icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}
              className={PHONE_TAP}
            >
              {t('common:actions.tryAgain')}
            </Button>
          </div>
        ) : browsers.data.length === 0 ? (
          <p className="rounded-control border border-dashed border-line px-4 py-3 text-sm text-muted" data-testid="push-browsers-empty">
            {t('notifications.push.empty')}
          </p>
        ) : (
          <ul
            aria-labelledby={ids.list}
            className="divide-y divide-line overflow-hidden rounded-control border border-line"
            data-testid="push-browsers-list"
          >
            {browsers.data.map((browser) => {
              const name = sessionName(browser, names);
              const Icon = sessionDevice(browser) === 'mobile' ? Smartphone : Monitor;
              const nameId = `push-browser-${browser.id}-name`;
              return (
                <li
                  key={browser.id}
                  className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-4"
                  data-testid="push-browser-row"
                  data-push-browser-id={browser.id}
                >
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-control bg-surface-2 text-muted">
                    <Icon aria-hidden className="h-4.5 w-4.5" />
                  </span>
                  <div className="min-w-0">
                    <p id={nameId} className="text-sm font-medium break-words text-fg" data-testid="push-browser-name">
                      {name}
                      {browser.id === hereId && (
                        <span
                          className="ms-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-strong"
                          data-testid="push-this-browser"
                        >
                          {t('notifications.push.thisBrowser')}
                        </span>
                      )}
                    </p>
                    <p className="mt-0.5 flex flex-col text-xs text-muted sm:flex-row sm:flex-wrap sm:gap-x-1.5">
                      <span>{t('notifications.push.since', { date: dateText(browser.created_at) })}</span>
                      <span aria-hidden className="hidden sm:inline">
                        ·
                      </span>
                      <span title={browser.last_used_at ? dateText(browser.last_used_at) : undefined}>
                        {browser.last_used_at
                          ? t('notifications.push.lastUsed', {
                              time: lastActiveText(browser.last_used_at, now, language, t('sessions.justNow')),
                            })
                          : t('notifications.push.neverUsed')}
                      </span>
                    </p>
                  </div>
                  {/* Phones: under the text; wider screens: at the end of the row. */}
                  <div className="col-start-2 sm:col-start-3">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={withoutIsolates(about('removeLabel', browser))}
                      busy={removing === browser.id}
                      disabled={removing !== null}
                      onClick={() => removeBrowser(browser)}
                      icon={<Trash2 aria-hidden className="h-4 w-4" />}
                      className={PHONE_TAP}
                      data-testid="push-browser-remove"
                      data-push-browser-remove={browser.id}
                    >
                      {t('notifications.push.remove')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
