import { queryOptions } from '@tanstack/react-query';
import { LabelsResponse } from '../../../common/schemas/label.schema.ts';
import { apiRequest } from '../api-client.ts';

export const labelKeys = { all: ['labels'] as const };

export const labelsQuery = () =>
  queryOptions({
    queryKey: labelKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/labels', { schema: LabelsResponse, signal }).then((r) => r.labels),
  });
