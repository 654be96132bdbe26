import { z } from 'zod';
import { requiredField } from './messages.ts';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';

export const GenerateDescriptionInput = z.object({
  input_text: z
    .string({ error: requiredField('input text') })
    // A title, like the task's own: no bidi controls or invisible characters.
    .overwrite(stripInvisible)
    .trim()
    .min(1, 'The input text field is required.')
    .max(LIMITS.taskTitleMax, `The input text must not be greater than ${LIMITS.taskTitleMax} characters.`),
});
export const GenerateDescriptionResponse = z.object({ description: z.string() });
export const RewriteDescriptionResponse = z.object({ rewritten_description: z.string() });
export const GenerateContentResponse = z.object({ generated_content: z.string() });

/** GET /api/ai/status: which writer drafts descriptions (the built-in one or an OpenAI-compatible model). */
export const AiStatusResponse = z.object({
  kind: z.enum(['builtin', 'openai-compatible']),
  model: z.string().optional(),
  label: z.string(),
});
export type AiStatusResponse = z.infer<typeof AiStatusResponse>;
