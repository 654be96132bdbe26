import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RemindersResponse, ReminderWriteResponse, type Reminder, type ReminderInput } from '../../../common/schemas/reminder.schema.ts';
import { apiRequest } from '../api-client.ts';

/** Query keys of reminders (issue 22): one person's reminders of one task. */
export const reminderKeys = {
  task: (taskId: number) => ['reminders', taskId] as const,
};

export const remindersQuery = (taskId: number) =>
  queryOptions({
    queryKey: reminderKeys.task(taskId),
    queryFn: ({ signal }) => apiRequest(`/api/tasks/${taskId}/reminders`, { schema: RemindersResponse, signal }).then((r) => r.reminders),
  });

/** Adds or removes one of your reminders of a task; the list shown is the server's answer. */
export function useChangeReminders(taskId: number) {
  const queryClient = useQueryClient();
  const settle = (reminders: Reminder[]) => queryClient.setQueryData(reminderKeys.task(taskId), reminders);
  const add = useMutation({
    mutationFn: (input: ReminderInput) =>
      apiRequest(`/api/tasks/${taskId}/reminders`, { method: 'POST', body: input, schema: ReminderWriteResponse }).then((r) => r.reminders),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (reminderId: number) =>
      apiRequest(`/api/tasks/${taskId}/reminders/${reminderId}`, { method: 'DELETE', schema: ReminderWriteResponse }).then(
        (r) => r.reminders,
      ),
    onSuccess: settle,
  });
  return { add, remove };
}
