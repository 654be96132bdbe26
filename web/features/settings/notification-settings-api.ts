import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTING_KINDS,
  NotificationSettingsResponse,
  NotificationSettingsWriteResponse,
  TestNotificationResponse,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../../common/schemas/notification-settings.schema.ts';
import {
  PushBrowsersResponse,
  PushBrowsersWriteResponse,
  PushSubscribeResponse,
  PushPublicKeyResponse,
  type PushBrowser,
} from '../../../common/schemas/push.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { notificationKeys } from '../../lib/api/notification-queries.ts';
import { enablePushInThisBrowser } from '../../lib/web-push.ts';
import { forgetPushHere, pushHere, rememberPushHere } from '../../lib/push-renewal.ts';
import { readStoredSession } from '../../lib/session.tsx';

/** Settings → Notifications (issue 22): the calls, loaded with the settings page only. */

export const notificationSettingsKeys = { all: ['notification-settings'] as const };
const saveKey = [...notificationSettingsKeys.all, 'save'] as const;

/** GET /api/user/notification-settings → the settings. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.all,
    queryFn: ({ signal }) =>
      apiRequest('/api/user/notification-settings', { schema: NotificationSettingsResponse, signal }).then((answer) => answer.settings),
  });

/** `input` laid over `settings` as the server lays it: what it names changes, the rest stays. */
export function withInput(settings: NotificationSettings, input: NotificationSettingsInput): NotificationSettings {
  const channels = { ...settings.channels };
  for (const kind of NOTIFICATION_SETTING_KINDS) {
    const change = input.channels?.[kind];
    if (!change) continue;
    const now = channels[kind];
    channels[kind] = { in_app: change.in_app ?? now.in_app, email: change.email ?? now.email, push: change.push ?? now.push };
  }
  return {
    channels,
    quiet_hours: input.quiet_hours === undefined ? settings.quiet_hours : input.quiet_hours,
    digest_time: input.digest_time === undefined ? settings.digest_time : input.digest_time,
    default_reminder_minutes:
      input.default_reminder_minutes === undefined ? settings.default_reminder_minutes : input.default_reminder_minutes,
  };
}

/** What `settings` held of the parts `input` names: the change that takes `input` back. */
export function undoOf(settings: NotificationSettings, input: NotificationSettingsInput): NotificationSettingsInput {
  const undo: NotificationSettingsInput = {};
  if (input.channels) {
    undo.channels = {};
    for (const kind of NOTIFICATION_SETTING_KINDS) {
      const change = input.channels[kind];
      if (!change) continue;
      undo.channels[kind] = Object.fromEntries(
        NOTIFICATION_CHANNELS.filter((channel) => change[channel] !== undefined).map((channel) => [
          channel,
          settings.channels[kind][channel],
        ]),
      );
    }
  }
  if (input.quiet_hours !== undefined) undo.quiet_hours = settings.quiet_hours;
  if (input.digest_time !== undefined) undo.digest_time = settings.digest_time;
  if (input.default_reminder_minutes !== undefined) undo.default_reminder_minutes = settings.default_reminder_minutes;
  return undo;
}

/**
 * PUT /api/user/notification-settings with any part of the settings. Shown at once; a failure
 * takes back only what it named (a change made meanwhile stays), and the last answer to arrive
 * while nothing else is on its way is the settings as the server holds them.
 */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  const key = notificationSettingsKeys.all;
  const lastOnItsWay = () => queryClient.isMutating({ mutationKey: saveKey }) <= 1;
  return useMutation({
    mutationKey: saveKey,
    // One after another, in the order they were made: a box ticked and unticked ends unticked on the server too.
    scope: { id: 'notification-settings' },
    mutationFn: (input: NotificationSettingsInput) =>
      apiRequest('/api/user/notification-settings', { method: 'PUT', body: input, schema: NotificationSettingsWriteResponse }),
    onMutate: async (input) => {
      // A read on its way would land after this change with the settings before it.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, withInput(before, input));
      return { before };
    },
    onError: (_error, input, context) => {
      const before = context?.before;
      if (before) queryClient.setQueryData<NotificationSettings>(key, (now) => now && withInput(now, undoOf(before, input)));
      if (lastOnItsWay()) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: ({ settings }) => {
      if (lastOnItsWay()) queryClient.setQueryData<NotificationSettings>(key, settings);
    },
  });
}

/** POST /api/notifications/test → the channels that carried it; one in the app shows in the bell. */
export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/notifications/test', { method: 'POST', schema: TestNotificationResponse }),
    onSuccess: ({ channels }) => {
      if (channels.includes('in_app')) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/** The browsers with push enabled, as the server lists them (GET, and the answer of each change). */
export const pushBrowsersKeys = { all: ['push-subscriptions'] as const };

/** GET /api/push/subscriptions → the browsers this person enabled push in. */
export const pushBrowsersQuery = () =>
  queryOptions({
    queryKey: pushBrowsersKeys.all,
    queryFn: ({ signal }) =>
      apiRequest('/api/push/subscriptions', { schema: PushBrowsersResponse, signal }).then((answer) => answer.subscriptions),
  });

/** GET /api/push/public-key: the server's VAPID key, asked for when push is being enabled (it seldom changes). */
const pushPublicKeyQuery = () =>
  queryOptions({
    queryKey: ['push-public-key'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/push/public-key', { schema: PushPublicKeyResponse, signal }).then((answer) => answer.public_key),
    staleTime: 5 * 60_000,
  });

/**
 * "Enable push in this browser": the server's key, the browser's permission and subscription
 * (web/lib/web-push.ts), then POST /api/push/subscriptions; the list is the server's answer.
 */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const publicKey = await queryClient.fetchQuery(pushPublicKeyQuery());
      const subscription = await enablePushInThisBrowser(publicKey);
      return apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: PushSubscribeResponse });
    },
    onSuccess: ({ id, subscriptions }) => {
      queryClient.setQueryData<PushBrowser[]>(pushBrowsersKeys.all, subscriptions);
      // The sign-in it was saved for, as stored (the server ties the browser's push to it).
      const session = readStoredSession();
      if (session.status === 'authenticated') rememberPushHere(session.user.id, id, session.token);
    },
    // A key the browser refused may be an old one: the next attempt asks the server again.
    onError: () => queryClient.removeQueries({ queryKey: pushPublicKeyQuery().queryKey }),
  });
}

/** DELETE /api/push/subscriptions/:id; the list is the server's answer (read again if the call failed). */
export function useRemovePushBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/push/subscriptions/${id}`, { method: 'DELETE', schema: PushBrowsersWriteResponse }),
    onSuccess: ({ subscriptions }, id) => {
      queryClient.setQueryData<PushBrowser[]>(pushBrowsersKeys.all, subscriptions);
      // This very browser removed: it unsubscribes and is not renewed at the next sign-in.
      if (pushHere()?.subscriptionId === id) void forgetPushHere().catch(() => undefined);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: pushBrowsersKeys.all }),
  });
}
