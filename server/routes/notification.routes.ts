import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import {
  NotificationListQuery,
  NotificationParams,
  NotificationReadInput,
  NotificationSnoozeInput,
} from '../../common/schemas/notification-input.schema.ts';
import { NotificationListResponse, NotificationWriteResponse } from '../../common/schemas/notification.schema.ts';
import {
  NotificationSettingsInput,
  NotificationSettingsResponse,
  NotificationSettingsWriteResponse,
  TestNotificationResponse,
} from '../../common/schemas/notification-settings.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { NotificationSettingsService } from '../services/notification-settings.service.ts';
import type { NotificationService } from '../services/notification.service.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['notifications'];

/**
 * The notification centre (issue 22): the signed-in person's notifications, newest first, and
 * marking them read. The spec's pending shares keep their own endpoints and badge.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  notifications: NotificationService;
  notificationSettings: NotificationSettingsService;
}> = async (app, { auth, notifications, notificationSettings }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count; older ones with `before`',
        security,
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errors },
      },
    },
    async (request) => notifications.list(request.user, request.query),
  );

  app.get(
    '/api/user/notification-settings',
    {
      schema: {
        tags,
        summary: 'Your notification settings: kind × channel, quiet hours, the daily digest, the default reminder',
        security,
        response: { 200: NotificationSettingsResponse, ...errors },
      },
    },
    async (request) => ({ settings: await notificationSettings.read(request.user) }),
  );

  app.put(
    '/api/user/notification-settings',
    {
      schema: {
        tags,
        summary:
          'Change any part of your notification settings (what is left out stays): `channels` per kind (reminder, mention, comment, share_answer, occurrence) × `in_app` / `email` / `push`; `quiet_hours` { start, end } "HH:MM" or null (e-mails and push wait until they end); `digest_time` "HH:MM" or null; `default_reminder_minutes` (0–40320) or null',
        security,
        body: NotificationSettingsInput,
        response: { 200: NotificationSettingsWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Notification settings saved',
      settings: await notificationSettings.update(request.user, request.body),
    }),
  );

  // A static segment: the router prefers it to the id below, so "test" is never read as an id.
  app.post(
    '/api/notifications/test',
    {
      schema: {
        tags,
        summary: 'Send yourself a test notification by e-mail (to a verified address) and to each browser with push; 5 an hour',
        security,
        response: { 200: TestNotificationResponse, ...errors, 429: ErrorBody },
      },
    },
    async (request) => ({ message: 'Test notification sent', channels: await notificationSettings.test(request.user) }),
  );

  // A static segment: the router prefers it to the id below, so "read-all" is never read as an id.
  app.post(
    '/api/notifications/read-all',
    { schema: { tags, summary: 'Mark every notification read', security, response: { 200: NotificationWriteResponse, ...errors } } },
    async (request) => ({ message: 'All notifications marked as read', unread_count: await notifications.readAll(request.user) }),
  );

  app.post(
    '/api/notifications/:id/snooze',
    {
      schema: {
        tags,
        summary: 'Remind me again: a reminder of the task in 10 minutes (10m), an hour (1h) or tomorrow at 09:00; the notification is read',
        security,
        params: NotificationParams,
        body: NotificationSnoozeInput,
        response: { 200: NotificationWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Reminder snoozed',
      unread_count: await notifications.snooze(request.user, request.params.id, request.body.for),
    }),
  );

  app.put(
    '/api/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Mark a notification read or unread',
        security,
        params: NotificationParams,
        body: NotificationReadInput,
        response: { 200: NotificationWriteResponse, ...errors },
      },
    },
    async (request) => {
      const unread = await notifications.setRead(request.user, request.params.id, request.body.read);
      return { message: request.body.read ? 'Notification marked as read' : 'Notification marked as unread', unread_count: unread };
    },
  );
};
