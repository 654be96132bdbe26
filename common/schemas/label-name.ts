import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';

/**
 * A label's name, as typed on a task (task-input.schema.ts) or given in a rename
 * (label-admin.schema.ts): 1–50 characters after trimming, with the same messages.
 */
export const LabelName = z
  .string({ error: 'Each label must be text.' })
  // Bidi controls and invisible characters go first: a label of nothing else is empty (common/invisible-characters.ts).
  .overwrite(stripInvisible)
  .trim()
  .min(1, 'A label name cannot be empty.')
  .max(LIMITS.labelNameMax, `A label name must not be greater than ${LIMITS.labelNameMax} characters.`);
