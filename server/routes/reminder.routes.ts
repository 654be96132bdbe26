import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { ReminderInput, ReminderParams, RemindersResponse, ReminderWriteResponse } from '../../common/schemas/reminder.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { ReminderService } from '../services/reminder.service.ts';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['reminders'];

/**
 * Your reminders of a task (issue 22): minutes before it is due (`offset_minutes`, 0 at the due
 * time; a task due on a day without a time is due at 09:00 in your time zone) or at a moment
 * (`remind_at`). When one falls due you get a notification, and an e-mail if your address is verified.
 */
export const reminderRoutes: FastifyPluginAsyncZod<{ auth: AuthService; reminders: ReminderService }> = async (
  app,
  { auth, reminders },
) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/tasks/:id/reminders',
    {
      schema: {
        tags,
        summary: 'Your reminders of a task',
        security,
        params: TaskIdParams,
        response: { 200: RemindersResponse, ...errors },
      },
    },
    async (request) => ({ reminders: await reminders.list(request.user, request.params.id) }),
  );

  app.post(
    '/api/tasks/:id/reminders',
    {
      schema: {
        tags,
        summary:
          'Add a reminder: `offset_minutes` (0–40320) before the task is due, or `remind_at` (an ISO date and time); at most 10 a task',
        security,
        params: TaskIdParams,
        body: ReminderInput,
        response: { 201: ReminderWriteResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: 'Reminder added', reminders: await reminders.add(request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/api/tasks/:id/reminders/:reminderId',
    {
      schema: {
        tags,
        summary: 'Remove one of your reminders',
        security,
        params: ReminderParams,
        response: { 200: ReminderWriteResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Reminder removed',
      reminders: await reminders.remove(request.user, request.params.id, request.params.reminderId),
    }),
  );
};
