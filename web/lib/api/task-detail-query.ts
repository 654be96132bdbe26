import { queryOptions } from '@tanstack/react-query';
import { TaskDetailResponse } from '../../../common/schemas/task-detail.schema.ts';
import { apiRequest } from '../api-client.ts';
import { detailMayBeFetched, taskKeys } from './task-queries.ts';

/**
 * GET /api/task/{id}: the task with its activity and subtasks, for the detail dialog. Apart from
 * the list queries: its schemas load with the dialog, outside the dashboard's first load (decision 025).
 */
export const taskDetailQuery = (id: number) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/api/task/${id}`, { schema: TaskDetailResponse, signal }),
    enabled: () => detailMayBeFetched(id),
  });
