import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserResponse } from '../../../common/schemas/user.schema.ts';
import { useToast } from '../../components/ui/toast.tsx';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useApplyFreshUser } from '../../lib/api/user-queries.ts';
import { browserTimeZone, useUserTimeZone } from '../../lib/use-user-clock.ts';

/** "UTC+05:30" for a zone now: how far it is from UTC, which a long list of city names does not say. */
function offsetOf(zone: string): string {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value.replace('GMT', 'UTC') || 'UTC';
}

/**
 * The person's time zone (issue 21): what "today", overdue, due times and reminders follow. It
 * starts as the browser's; a traveller, or someone planning for another office, chooses another.
 */
export function TimeZoneSetting() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const applyFreshUser = useApplyFreshUser();
  const current = useUserTimeZone();
  const device = browserTimeZone();
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return (known.includes(current) ? known : [current, ...known]).map((zone) => ({
      zone,
      label: `${zone.replace(/_/g, ' ')} (${offsetOf(zone)})`,
    }));
  }, [current]);

  const save = (zone: string) => {
    setSaving(true);
    apiRequest('/api/user/time-zone', { method: 'PUT', body: { time_zone: zone }, schema: UserResponse })
      .then(async ({ user }) => {
        await applyFreshUser(user);
        toast.show(t('appearance.timeZoneSaved'));
      })
      .catch((error: unknown) =>
        toast.show(errorMessage(error, t('appearance.timeZoneFailed'), t('common:errors.pleaseTryAgain')), 'error'),
      )
      .finally(() => setSaving(false));
  };

  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
      <div className="min-w-0">
        <label htmlFor="time-zone" className="text-sm font-medium text-fg">
          {t('appearance.timeZoneLabel')}
        </label>
        <p className="text-xs text-muted">{t('appearance.timeZoneDescription')}</p>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {device !== current && (
          <button
            type="button"
            disabled={saving}
            onClick={() => save(device)}
            className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline disabled:opacity-50"
          >
            {t('appearance.timeZoneUseBrowser', { zone: device.replace(/_/g, ' ') })}
          </button>
        )}
        <select
          id="time-zone"
          data-testid="time-zone"
          value={current}
          disabled={saving}
          onChange={(event) => save(event.target.value)}
          // Zone names are Latin script in every language; isolated so an Arabic page keeps them readable.
          dir="ltr"
          className="h-10 max-md:h-11 max-w-full min-w-0 rounded-control border border-line bg-surface px-2.5 text-sm text-fg focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40 disabled:opacity-60 sm:w-72"
        >
          {zones.map(({ zone, label }) => (
            <option key={zone} value={zone}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
