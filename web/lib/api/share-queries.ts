import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { TIMINGS } from '../../../common/constants.ts';
import { Task } from '../../../common/schemas/task.schema.ts';
import { apiRequest } from '../api-client.ts';

/** Query keys of sharing; pending shares sit outside ['tasks'] so task refreshes do not refetch the bell. */
export const shareKeys = {
  pending: ['shares', 'pending'] as const,
};

const PendingSharesResponse = z.object({ pending_tasks: z.array(Task) });

/** GET /api/tasks/pending-shares, polled every 30 s for the bell (spec §7, §9) even when live updates are down. */
export const pendingSharesQuery = () =>
  queryOptions({
    queryKey: shareKeys.pending,
    queryFn: ({ signal }) =>
      apiRequest('/api/tasks/pending-shares', { schema: PendingSharesResponse, signal }).then((r) => r.pending_tasks),
    refetchInterval: TIMINGS.pendingSharePollMs,
  });
