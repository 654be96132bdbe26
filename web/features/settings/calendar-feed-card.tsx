import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Power, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { calendarFeedQuery, useChangeCalendarFeed } from './calendar-feed-api.ts';
import { CopyField, IntegrationCard, IntegrationState } from './integration-card.tsx';
import { StatusBadge } from './settings-section.tsx';
import { useFocusLater } from './use-focus-later.ts';

const APPS = ['google', 'apple', 'thunderbird'] as const;

/**
 * Issue 25: a private calendar feed (iCalendar) of the tasks with a due date, for Google Calendar,
 * Apple Calendar or Thunderbird to subscribe to. Its address is shown whenever it is on, copied with
 * one press, renewed (the old address stops working, so it asks first) or turned off.
 */
export function CalendarFeedCard() {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const state = useQuery(calendarFeedQuery());
  const change = useChangeCalendarFeed();
  const focusLater = useFocusLater();
  const [confirmingRenew, setConfirmingRenew] = useState(false);
  const address = useRef<HTMLInputElement>(null);
  const addressId = useId();
  const hintId = useId();
  const url = state.data?.url ?? null;
  const failed = (error: unknown) =>
    toast.show(errorMessage(error, t('calendarFeed.changeFailed'), t('common:errors.pleaseTryAgain')), 'error');

  const turnOn = () => change.mutate('renew', { onSuccess: () => focusLater(() => address.current), onError: failed });
  const renew = () =>
    change.mutate('renew', {
      onSuccess: () => {
        setConfirmingRenew(false);
        toast.show(t('calendarFeed.renewed'));
        focusLater(() => address.current);
      },
      onError: (error) => {
        setConfirmingRenew(false);
        failed(error);
      },
    });
  const turnOff = () =>
    change.mutate('off', {
      onSuccess: () => focusLater(() => document.querySelector<HTMLElement>('[data-testid="calendar-feed-on"]')),
      onError: failed,
    });

  return (
    <IntegrationCard
      integration="calendar"
      testId="calendar-feed-card"
      icon={CalendarDays}
      name={t('calendarFeed.name')}
      badge={
        state.data && (
          <StatusBadge tone={url ? 'active' : 'soon'}>
            <span data-testid="calendar-feed-status">{t(url ? 'calendarFeed.on' : 'calendarFeed.off')}</span>
          </StatusBadge>
        )
      }
      description={<p className="mt-1 text-sm text-muted">{t('calendarFeed.description')}</p>}
    >
      <IntegrationState query={state} failed={t('calendarFeed.loadFailed')}>
        {(data) =>
          data.url ? (
            <div className="mt-4 space-y-3">
              <div>
                <label htmlFor={addressId} className="mb-1.5 block text-sm font-medium text-fg">
                  {t('calendarFeed.address')}
                </label>
                <CopyField
                  id={addressId}
                  value={data.url}
                  copied={t('calendarFeed.copied')}
                  inputRef={address}
                  describedBy={hintId}
                  testId="calendar-feed-url"
                />
                <p id={hintId} className="mt-1.5 text-xs text-muted">
                  {t('calendarFeed.private')}
                </p>
              </div>
              <ul className="space-y-1 text-xs text-muted">
                {APPS.map((app) => (
                  <li key={app}>{t(`calendarFeed.howTo.${app}`)}</li>
                ))}
              </ul>
              {data.created_at && (
                <p className="text-xs text-muted">
                  {t('calendarFeed.since', {
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(data.created_at)),
                  })}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  icon={<RefreshCw aria-hidden className="h-4 w-4" />}
                  onClick={() => setConfirmingRenew(true)}
                >
                  {t('calendarFeed.renew')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<Power aria-hidden className="h-4 w-4" />}
                  busy={change.isPending && change.variables === 'off'}
                  onClick={turnOff}
                >
                  {t('calendarFeed.turnOff')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-4">
              <Button busy={change.isPending} onClick={turnOn} data-testid="calendar-feed-on">
                {t('calendarFeed.turnOn')}
              </Button>
            </div>
          )
        }
      </IntegrationState>
      <ConfirmDialog
        open={confirmingRenew}
        title={t('calendarFeed.renewTitle')}
        confirmLabel={t('calendarFeed.renew')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        busy={change.isPending}
        onCancel={() => setConfirmingRenew(false)}
        onConfirm={renew}
      >
        <p>{t('calendarFeed.renewWarning')}</p>
      </ConfirmDialog>
    </IntegrationCard>
  );
}
