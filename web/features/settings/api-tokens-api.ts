import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiTokenCreated, ApiTokensResponse, type ApiToken, type ApiTokenInput } from '../../../common/schemas/api-token.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Issue 25: personal API tokens, loaded with the settings page only. */
const key = ['api-tokens'] as const;

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('/api/user/api-tokens', { schema: ApiTokensResponse, signal }).then((answer) => answer.tokens),
  });

/** POST: the answer holds the token's secret, shown once; the list gains the token. */
export function useMakeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => apiRequest('/api/user/api-tokens', { method: 'POST', body: input, schema: ApiTokenCreated }),
    onSuccess: ({ api_token }) => queryClient.setQueryData<ApiToken[]>(key, (tokens) => [api_token, ...(tokens ?? [])]),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/api-tokens/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => queryClient.setQueryData<ApiToken[]>(key, (tokens) => tokens?.filter((token) => token.id !== id)),
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
