/**
 * The comments' query keys, apart from their queries (comment-queries.ts): live updates
 * (lib/realtime.ts) need the keys from the first paint, while the queries and the comment schemas
 * they build load with the detail dialog, outside the dashboard's first load (decision 025).
 */
export const commentKeys = {
  all: ['comments'] as const,
  task: (taskId: number) => ['comments', taskId] as const,
};
