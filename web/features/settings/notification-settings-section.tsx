import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Bell, BellRing, Info, Mail, MonitorSmartphone, RotateCw, Send } from 'lucide-react';
import { Suspense, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTING_KINDS,
  NotificationSettingsInput,
  type NotificationSettings,
} from '../../../common/schemas/notification-settings.schema.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { translateServerMessage } from '../../i18n/server-messages.ts';
import { errorMessage, serverFieldErrors } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { notificationSettingsQuery, useSaveNotificationSettings, useSendTestNotification, withInput } from './notification-settings-api.ts';
import { PushBrowsers } from './push-browsers.tsx';
import { SettingsSection } from './settings-section.tsx';
import { offsetText } from '../../lib/reminder-wording.ts';

/** The fields a message of the server (or of the schema, checked first) can land under. */
type Field = 'quiet_hours.start' | 'quiet_hours.end' | 'digest_time' | 'default_reminder_minutes';
type TimeField = Exclude<Field, 'default_reminder_minutes'>;
type Errors = Partial<Record<Field, string>>;

/** A path of the server's `errors` (or a schema issue) as one of the fields; a whole `quiet_hours` is said under its start. */
function fieldOf(path: string): Field | undefined {
  if (path === 'quiet_hours') return 'quiet_hours.start';
  return (['quiet_hours.start', 'quiet_hours.end', 'digest_time', 'default_reminder_minutes'] as const).find((field) => field === path);
}

/** What a time starts as when its setting is turned on. */
const FIRST_TIMES: Record<TimeField, string> = { 'quiet_hours.start': '22:00', 'quiet_hours.end': '07:00', digest_time: '08:00' };

/** The default reminders offered, in minutes before the due time (a saved one not among them is added). */
const DEFAULT_REMINDER_CHOICES = [0, 5, 10, 15, 30, 60, 120, 1440] as const;

const selectClasses =
  'h-10 max-md:h-11 w-full min-w-0 rounded-control border border-line bg-surface px-2.5 text-sm text-fg focus:border-brand focus:outline-none focus:ring-2 focus:ring-ring/40 disabled:opacity-60 sm:w-72';

/**
 * Settings → Notifications (issue 22): for each kind of event, whether it shows in the app, comes
 * by e-mail and as a push notification; the browsers push is enabled in; quiet hours for e-mails
 * and push; the daily digest; the default reminder of new tasks with a time; and a test
 * notification. Every change is saved as it is made.
 */
export function NotificationSettingsSection({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const settings = useQuery(notificationSettingsQuery());
  const pleaseTryAgain = t('common:errors.pleaseTryAgain');
  return (
    <SettingsSection id="notifications" icon={BellRing} title={t('notifications.title')} description={t('notifications.description')}>
      {settings.isPending ? (
        <div role="status" aria-live="polite" className="space-y-2">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} aria-hidden className="flex items-center gap-3 rounded-control border border-line p-4">
              <span className="flex-1 space-y-2">
                <span className="block h-3 w-40 max-w-full animate-pulse rounded-full bg-surface-2" />
                <span className="block h-3 w-56 max-w-full animate-pulse rounded-full bg-surface-2" />
              </span>
              <span className="h-4 w-4 animate-pulse rounded bg-surface-2" />
              <span className="h-4 w-4 animate-pulse rounded bg-surface-2" />
              <span className="h-4 w-4 animate-pulse rounded bg-surface-2" />
            </div>
          ))}
          <span className="sr-only">{t('notifications.loading')}</span>
        </div>
      ) : settings.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-4 py-3 text-sm text-danger">
          <AlertCircle aria-hidden className="h-4 w-4 shrink-0" />
          <span className="flex-1">{errorMessage(settings.error, t('notifications.loadFailed'), pleaseTryAgain)}</span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void settings.refetch()}
            busy={settings.isFetching}
            icon={<RotateCw aria-hidden className="h-3.5 w-3.5" />}
          >
            {t('common:actions.tryAgain')}
          </Button>
        </div>
      ) : (
        <NotificationSettingsForm settings={settings.data} emailVerified={user.email_verified_at !== null} />
      )}
    </SettingsSection>
  );
}

function NotificationSettingsForm({ settings: stored, emailVerified }: { settings: NotificationSettings; emailVerified: boolean }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const save = useSaveNotificationSettings();
  // Changes on their way, laid over the stored settings in the click itself: the cache's own
  // optimistic copy reaches the screen a task later, and a switch must not flick back meanwhile.
  const [onTheirWay, setOnTheirWay] = useState<readonly NotificationSettingsInput[]>([]);
  const settings = onTheirWay.reduce(withInput, stored);
  // Times being edited, saved when their field is left; the saved settings show otherwise.
  const [drafts, setDrafts] = useState<Partial<Record<TimeField, string>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const ids = { quiet: useId(), digest: useId(), reminder: useId() };

  const saved: Record<TimeField, string | undefined> = {
    'quiet_hours.start': settings.quiet_hours?.start,
    'quiet_hours.end': settings.quiet_hours?.end,
    digest_time: settings.digest_time ?? undefined,
  };
  const shown = (field: TimeField) => drafts[field] ?? saved[field] ?? FIRST_TIMES[field];
  const clearErrors = (fields: readonly Field[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as Field))));
  const failed = (error: unknown) => errorMessage(error, t('notifications.saveFailed'), t('common:errors.pleaseTryAgain'));

  /**
   * Saves a change (shown at once; taken back if it fails). Checked first as the server checks
   * it. With `fields`, a message about one of them is said under it, anything else in a toast.
   */
  function change(input: NotificationSettingsInput, options: { fields?: readonly Field[]; announce?: boolean } = {}) {
    const { fields = [], announce = false } = options;
    const mine = (path: string) => {
      const field = fieldOf(path);
      return field && fields.includes(field) ? field : undefined;
    };
    const parsed = NotificationSettingsInput.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = mine(issue.path.join('.'));
        if (field) found[field] ??= translateServerMessage(issue.message);
        else toast.show(translateServerMessage(issue.message), 'error');
      }
      setErrors((current) => ({ ...current, ...found }));
      return Promise.resolve(false);
    }
    clearErrors(fields);
    const sent = parsed.data;
    setOnTheirWay((current) => [...current, sent]);
    const arrived = () => setOnTheirWay((current) => current.filter((input) => input !== sent));
    return save
      .mutateAsync(sent)
      .finally(arrived)
      .then(
        () => {
          if (announce) toast.show(t('notifications.saved'));
          return true;
        },
        (error: unknown) => {
          const { fields: under, rest } = serverFieldErrors(error, mine);
          if (under.length > 0) setErrors((current) => ({ ...current, ...Object.fromEntries(under) }));
          if (under.length === 0 || rest.length > 0) toast.show(under.length === 0 ? failed(error) : rest.join(' '), 'error');
          return false;
        },
      );
  }

  /** Once saved, a draft that still says what was sent is the saved value. */
  const settle = (sent: Partial<Record<TimeField, string>>) => (ok: boolean) => {
    if (!ok) return;
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([field, value]) => sent[field as TimeField] !== value)));
  };
  const dropDrafts = (fields: readonly TimeField[]) =>
    setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as TimeField))));

  function editTime(field: TimeField, value: string) {
    setDrafts((current) => ({ ...current, [field]: value }));
    if (errors[field]) clearErrors([field]);
  }

  /** A time field left (or Enter pressed in it): the time is saved if it changed. */
  function commit(fields: readonly TimeField[]) {
    if (fields.every((field) => drafts[field] === undefined || drafts[field] === saved[field])) return;
    const blank = fields.filter((field) => shown(field) === '');
    if (blank.length > 0) {
      setErrors((current) => ({ ...current, ...Object.fromEntries(blank.map((field) => [field, t('notifications.timeRequired')])) }));
      return;
    }
    const sent = Object.fromEntries(fields.map((field) => [field, shown(field)]));
    const input: NotificationSettingsInput = fields.includes('digest_time')
      ? { digest_time: shown('digest_time') }
      : { quiet_hours: { start: shown('quiet_hours.start'), end: shown('quiet_hours.end') } };
    void change(input, { fields, announce: true }).then(settle(sent));
  }
  const commitQuiet = () => commit(['quiet_hours.start', 'quiet_hours.end']);
  const commitDigest = () => commit(['digest_time']);
  const onEnter = (then: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') then();
  };

  function toggleQuiet(on: boolean) {
    const fields = ['quiet_hours.start', 'quiet_hours.end'] as const;
    clearErrors(fields);
    if (!on) {
      dropDrafts(fields);
      void change({ quiet_hours: null });
      return;
    }
    const start = shown('quiet_hours.start') || FIRST_TIMES['quiet_hours.start'];
    const end = shown('quiet_hours.end') || FIRST_TIMES['quiet_hours.end'];
    void change({ quiet_hours: { start, end } }).then(settle({ 'quiet_hours.start': start, 'quiet_hours.end': end }));
  }

  function toggleDigest(on: boolean) {
    clearErrors(['digest_time']);
    if (!on) {
      dropDrafts(['digest_time']);
      void change({ digest_time: null });
      return;
    }
    const time = shown('digest_time') || FIRST_TIMES.digest_time;
    void change({ digest_time: time }).then(settle({ digest_time: time }));
  }

  return (
    <div className="space-y-6">
      <ChannelGrid settings={settings} emailVerified={emailVerified} onChange={(input) => void change(input)} />

      <PushBrowsers />

      <SettingRow
        id={ids.quiet}
        title={t('notifications.quietHours.title')}
        description={t('notifications.quietHours.description')}
        checked={settings.quiet_hours !== null}
        onToggle={toggleQuiet}
      >
        {settings.quiet_hours !== null && (
          <div role="group" aria-labelledby={`${ids.quiet}-label`} className="grid max-w-md grid-cols-2 gap-3" data-testid="quiet-hours">
            <TextField
              label={t('notifications.quietHours.start')}
              type="time"
              required
              value={shown('quiet_hours.start')}
              onChange={(event) => editTime('quiet_hours.start', event.target.value)}
              onBlur={commitQuiet}
              onKeyDown={onEnter(commitQuiet)}
              error={errors['quiet_hours.start']}
            />
            <TextField
              label={t('notifications.quietHours.end')}
              type="time"
              required
              value={shown('quiet_hours.end')}
              onChange={(event) => editTime('quiet_hours.end', event.target.value)}
              onBlur={commitQuiet}
              onKeyDown={onEnter(commitQuiet)}
              error={errors['quiet_hours.end']}
            />
          </div>
        )}
      </SettingRow>

      <SettingRow
        id={ids.digest}
        title={t('notifications.digest.title')}
        description={t('notifications.digest.description')}
        checked={settings.digest_time !== null}
        onToggle={toggleDigest}
      >
        {settings.digest_time !== null && (
          <div className="grid max-w-md grid-cols-2 gap-3" data-testid="digest">
            <TextField
              label={t('notifications.digest.time')}
              type="time"
              required
              value={shown('digest_time')}
              onChange={(event) => editTime('digest_time', event.target.value)}
              onBlur={commitDigest}
              onKeyDown={onEnter(commitDigest)}
              error={errors.digest_time}
            />
          </div>
        )}
      </SettingRow>

      <div className="border-t border-line pt-5">
        <Suspense fallback={<DefaultReminderPlaceholder />}>
          <DefaultReminder
            id={ids.reminder}
            minutes={settings.default_reminder_minutes}
            error={errors.default_reminder_minutes}
            onChange={(minutes) =>
              void change({ default_reminder_minutes: minutes }, { fields: ['default_reminder_minutes'], announce: true })
            }
          />
        </Suspense>
      </div>

      <TestNotification />
    </div>
  );
}

/**
 * Kind × channel: a box for each, saved as it is ticked. Wider screens show a table; phones stack
 * each kind's name over its three boxes, which stay in the header's columns (the table's roles are
 * said outright, as a table laid out as a grid loses them in some browsers).
 */
function ChannelGrid({
  settings,
  emailVerified,
  onChange,
}: {
  settings: NotificationSettings;
  emailVerified: boolean;
  onChange(input: NotificationSettingsInput): void;
}) {
  const { t } = useTranslation('settings');
  const channelIcons = { in_app: Bell, email: Mail, push: MonitorSmartphone } as const;
  const stackedRow = 'max-sm:grid max-sm:grid-cols-3';
  return (
    <div>
      <div className="overflow-hidden rounded-control border border-line">
        <table role="table" className="w-full border-collapse text-sm max-sm:block" data-testid="notification-channels">
          <caption className="sr-only">{t('notifications.channelsCaption')}</caption>
          <thead role="rowgroup" className="bg-surface-2/50 max-sm:block">
            <tr role="row" className={stackedRow}>
              <th role="columnheader" scope="col" className="px-3 py-2 text-start text-xs font-medium text-muted max-sm:sr-only sm:px-4">
                {t('notifications.kindColumn')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const Icon = channelIcons[channel];
                return (
                  <th
                    key={channel}
                    role="columnheader"
                    scope="col"
                    className="px-1 py-2 text-center align-bottom text-xs font-medium text-muted sm:w-24 lg:w-28"
                  >
                    <span className="flex flex-col items-center gap-1">
                      <Icon aria-hidden className="h-3.5 w-3.5 shrink-0" />
                      <span className="max-w-full hyphens-auto break-words">{t(`notifications.channel.${channel}`)}</span>
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {NOTIFICATION_SETTING_KINDS.map((kind) => {
              const name = t(`notifications.kinds.${kind}.name`);
              return (
                <tr key={kind} role="row" className={cx('border-t border-line', stackedRow)} data-kind={kind}>
                  <th
                    role="rowheader"
                    scope="row"
                    className="px-3 py-3 text-start align-top font-normal max-sm:col-span-3 max-sm:pb-1 sm:px-4"
                  >
                    <span className="block font-medium break-words text-fg">{name}</span>
                    <span className="mt-0.5 block text-xs break-words text-muted">{t(`notifications.kinds.${kind}.description`)}</span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const Icon = channelIcons[channel];
                    return (
                      <td key={channel} role="cell" className="px-1 py-2 text-center align-middle max-sm:pt-0">
                        {/* The whole square takes the click; the box's name says both the kind and the channel. */}
                        <label className="mx-auto flex h-11 w-full max-w-24 cursor-pointer items-center justify-center gap-1.5 rounded-control hover:bg-surface-2 sm:h-10 sm:w-10">
                          {/* Phones: the column's icon by each box, the header being further up. */}
                          <Icon aria-hidden className="h-3.5 w-3.5 shrink-0 text-muted sm:hidden" />
                          <input
                            type="checkbox"
                            checked={settings.channels[kind][channel]}
                            onChange={(event) => onChange({ channels: { [kind]: { [channel]: event.target.checked } } })}
                            aria-label={t(`notifications.cell.${channel}`, { kind: name })}
                            className="h-4 w-4 cursor-pointer accent-brand"
                            data-channel={channel}
                          />
                        </label>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!emailVerified && (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-muted" data-testid="notifications-email-unverified">
          <Info aria-hidden className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>{t('notifications.emailUnverified')}</span>
        </p>
      )}
    </div>
  );
}

/** A setting that is on or off (a switch), with what it does, and its fields while on. */
function SettingRow({
  id,
  title,
  description,
  checked,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  onToggle(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <div className="border-t border-line pt-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-fg">
            {title}
          </label>
          <p id={`${id}-description`} className="mt-0.5 text-xs text-muted">
            {description}
          </p>
        </div>
        <Switch id={id} checked={checked} onChange={onToggle} describedBy={`${id}-description`} />
      </div>
      {children && <div className="mt-3">{children}</div>}
    </div>
  );
}

/** A checkbox drawn as a switch; its knob moves to the end of the line, whichever side that is. */
function Switch({
  id,
  checked,
  onChange,
  describedBy,
}: {
  id: string;
  checked: boolean;
  onChange(on: boolean): void;
  describedBy: string;
}) {
  return (
    // The label around it is what a thumb hits on phones (44 px); the switch keeps its drawn size.
    <label htmlFor={id} className="tap-target flex shrink-0 cursor-pointer items-center justify-center">
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={describedBy}
          className="peer absolute inset-0 m-0 cursor-pointer appearance-none rounded-full bg-muted/70 transition-colors checked:bg-brand forced-colors:border forced-colors:border-[CanvasText]"
        />
        <span
          aria-hidden
          className={cx(
            'pointer-events-none absolute start-0.5 top-0.5 h-5 w-5 rounded-full bg-surface shadow-sm transition-[inset-inline-start] duration-150',
            'peer-checked:start-5.5 peer-checked:bg-brand-fg forced-colors:bg-[CanvasText]',
          )}
        />
      </span>
    </label>
  );
}

/** "None", "At the due time", "15 minutes before"…: the task dialog's wording of reminders. */
function DefaultReminder({
  id,
  minutes,
  error,
  onChange,
}: {
  id: string;
  minutes: number | null;
  error: string | undefined;
  onChange(minutes: number | null): void;
}) {
  const { t } = useTranslation(['settings', 'reminders']);
  const choices =
    minutes === null || (DEFAULT_REMINDER_CHOICES as readonly number[]).includes(minutes)
      ? [...DEFAULT_REMINDER_CHOICES]
      : [...DEFAULT_REMINDER_CHOICES, minutes].sort((a, b) => a - b);
  const reminderText = (value: number) => offsetText(value, (key, values) => t(key, { ns: 'reminders', ...values }));
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-60">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {t('notifications.defaultReminder.title')}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-xs text-muted">
          {t('notifications.defaultReminder.description')}
        </p>
      </div>
      <div className="w-full min-w-0 sm:w-72">
        <select
          id={id}
          value={minutes === null ? '' : String(minutes)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-description ${errorId}` : `${id}-description`}
          className={cx(selectClasses, error && 'border-danger focus:border-danger')}
          data-testid="default-reminder"
        >
          <option value="">{t('notifications.defaultReminder.none')}</option>
          {choices.map((value) => (
            <option key={value} value={value}>
              {reminderText(value)}
            </option>
          ))}
        </select>
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
            <bdi>{error}</bdi>
          </p>
        )}
      </div>
    </div>
  );
}

/** Where the default reminder's choice goes while the reminders' wording loads. */
function DefaultReminderPlaceholder() {
  return (
    <div aria-hidden className="flex flex-wrap items-start justify-between gap-3">
      <span className="min-w-0 flex-1 basis-60 space-y-2">
        <span className="block h-3 w-48 max-w-full animate-pulse rounded-full bg-surface-2" />
        <span className="block h-3 w-64 max-w-full animate-pulse rounded-full bg-surface-2" />
      </span>
      <span className="block h-10 w-full animate-pulse rounded-control bg-surface-2 sm:w-72" />
    </div>
  );
}

/** "Send a test notification": a toast names the channels that carried it, or says why none could. */
function TestNotification() {
  const { t, i18n } = useTranslation('settings');
  const toast = useToast();
  const test = useSendTestNotification();
  const descriptionId = useId();

  function send() {
    void test.mutateAsync().then(
      ({ message, channels }) => {
        const names = channels.map((channel) => t(`notifications.test.via.${channel}`));
        const list = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(names);
        toast.show(names.length > 0 ? t('notifications.test.sent', { channels: list }) : translateServerMessage(message));
      },
      (error: unknown) => toast.show(errorMessage(error, t('notifications.test.failed'), t('common:errors.pleaseTryAgain')), 'error'),
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5">
      <p id={descriptionId} className="min-w-0 flex-1 basis-60 text-sm text-muted">
        {t('notifications.test.description')}
      </p>
      <Button
        variant="outline"
        onClick={send}
        busy={test.isPending}
        aria-describedby={descriptionId}
        icon={<Send aria-hidden className="rtl-mirror h-4 w-4" />}
        className="max-sm:h-11"
      >
        {t('notifications.test.button')}
      </Button>
    </div>
  );
}
