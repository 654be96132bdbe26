import { queryOptions } from '@tanstack/react-query';
import { AiStatusResponse } from '../../../common/schemas/ai.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type AiStatus = AiStatusResponse;

/** Which writer drafts descriptions; the settings screen names it. */
export const aiStatusQuery = () =>
  queryOptions({
    queryKey: ['ai', 'status'],
    queryFn: ({ signal }) => apiRequest('/api/ai/status', { schema: AiStatusResponse, signal }),
    staleTime: 5 * 60_000,
  });
