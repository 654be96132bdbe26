import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  LabelChangeResponse,
  LabelDeleteResponse,
  UnusedLabelsDeleteResponse,
  type LabelUpdateInput,
} from '../../../common/schemas/label-admin.schema.ts';
import { LabelsResponse, type Label } from '../../../common/schemas/label.schema.ts';
import { apiRequest } from '../api-client.ts';
import { labelKeys } from './label-keys.ts';
import { taskKeys } from './task-queries.ts';

export { labelKeys };

export const labelsQuery = () =>
  queryOptions({
    queryKey: labelKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/labels', { schema: LabelsResponse, signal }).then((r) => r.labels),
  });

/** PUT /api/labels/{id}: a new name and/or colour (null: the automatic palette). */
export const updateLabel = (id: number, input: LabelUpdateInput) =>
  apiRequest(`/api/labels/${id}`, { method: 'PUT', body: input, schema: LabelChangeResponse }).then((r) => r.label);

/** DELETE /api/labels/{id} → how many tasks lost it. */
export const deleteLabel = (id: number) =>
  apiRequest(`/api/labels/${id}`, { method: 'DELETE', schema: LabelDeleteResponse }).then((r) => r.tasks_count);

/** POST /api/labels/{id}/merge → the label merged into, with its new count. */
export const mergeLabel = (id: number, intoId: number) =>
  apiRequest(`/api/labels/${id}/merge`, { method: 'POST', body: { into_id: intoId }, schema: LabelChangeResponse }).then((r) => r.label);

/** DELETE /api/labels/unused → how many went. */
export const deleteUnusedLabels = () =>
  apiRequest('/api/labels/unused', { method: 'DELETE', schema: UnusedLabelsDeleteResponse }).then((r) => r.deleted);

/**
 * After a label changed: the overview shows the answer at once, then everything is read again,
 * labels and every task view (task cards, filters and dialogs show label names and colours).
 */
function labelsChanged(queryClient: QueryClient, update: (labels: Label[]) => Label[]) {
  queryClient.setQueryData<Label[]>(labelKeys.all, (labels) => labels && update(labels));
  void queryClient.invalidateQueries({ queryKey: labelKeys.all });
  void queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: LabelUpdateInput }) => updateLabel(id, input),
    onSuccess: (label) => labelsChanged(queryClient, (labels) => labels.map((l) => (l.id === label.id ? label : l))),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteLabel(id),
    onSuccess: (_count, id) => labelsChanged(queryClient, (labels) => labels.filter((l) => l.id !== id)),
  });
}

export function useMergeLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, intoId }: { id: number; intoId: number }) => mergeLabel(id, intoId),
    onSuccess: (target, { id }) =>
      labelsChanged(queryClient, (labels) => labels.filter((l) => l.id !== id).map((l) => (l.id === target.id ? target : l))),
  });
}

export function useDeleteUnusedLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUnusedLabels(),
    onSuccess: () => labelsChanged(queryClient, (labels) => labels.filter((l) => (l.tasks_count ?? 0) > 0)),
  });
}
