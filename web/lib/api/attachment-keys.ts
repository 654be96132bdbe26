/**
 * The attachments' query keys, apart from their queries (attachment-queries.ts): live updates
 * (lib/realtime.ts) need the keys from the first paint; the queries load with the detail dialog's
 * Files section, outside the dashboard's first load (decision 025).
 */
export const attachmentKeys = {
  all: ['attachments'] as const,
  task: (taskId: number) => ['attachments', taskId] as const,
  usage: ['attachments', 'usage'] as const,
};
