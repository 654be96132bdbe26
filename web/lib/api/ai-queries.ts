import { GenerateContentResponse, GenerateDescriptionResponse, RewriteDescriptionResponse } from '../../../common/schemas/ai.schema.ts';
import { apiRequest } from '../api-client.ts';

export const generateDescription = (title: string, signal?: AbortSignal) =>
  apiRequest('/api/tasks/generate-content', {
    method: 'POST',
    body: { input_text: title },
    schema: GenerateDescriptionResponse,
    ...(signal ? { signal } : {}),
  }).then((r) => r.description);

export const rewriteDescription = (taskId: number, signal?: AbortSignal) =>
  apiRequest(`/api/tasks/${taskId}/rewrite-description`, {
    method: 'POST',
    schema: RewriteDescriptionResponse,
    ...(signal ? { signal } : {}),
  }).then((r) => r.rewritten_description);

export const generateTaskContent = (taskId: number, signal?: AbortSignal) =>
  apiRequest(`/api/tasks/${taskId}/generate-content`, {
    method: 'POST',
    schema: GenerateContentResponse,
    ...(signal ? { signal } : {}),
  }).then((r) => r.generated_content);
