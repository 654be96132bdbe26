import { z } from 'zod';
import { Label } from './label.schema.ts';
import { requiredField } from './messages.ts';
import { recordIdParams } from './ids.ts';
import { LabelName } from './label-name.ts';

/**
 * The owner's administration of their labels (issue 18, finding e): rename, recolour, delete,
 * merge, delete the unused ones. Labels belong to the owner of the tasks that carry them, also
 * when a collaborator typed them, so only the owner can tidy them up.
 */

/** A label in a path; anything that is not a positive 32-bit integer names no label (404). */
export const LabelIdParams = recordIdParams('Label not found');

/** The same rules as a label typed on a task (1–50 characters after trimming, same messages). */
export { LabelName };

/** `#rrggbb`, stored lower-case; the web app's label chips and cards take it as it is. */
export const LABEL_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export const LabelColor = z
  .string({ error: 'The colour must be a hex colour such as #9333ea, or null.' })
  .regex(LABEL_COLOR_PATTERN, 'The colour must be a hex colour such as #9333ea, or null.')
  .transform((color) => color.toLowerCase());

/** PUT /api/labels/{id}: a new name, a new colour (null: back to the automatic palette), or both. */
export const LabelUpdateInput = z
  .object({
    name: LabelName.optional(),
    color: LabelColor.nullable().optional(),
  })
  .refine((input) => input.name !== undefined || input.color !== undefined, {
    message: 'Give a new name or a new colour.',
    path: ['name'],
  });
export type LabelUpdateInput = z.input<typeof LabelUpdateInput>;

/** POST /api/labels/{id}/merge: the label's tasks get `into_id` instead, and the label goes. */
export const LabelMergeInput = z.object({
  into_id: z
    .number({ error: requiredField('into id', 'number') })
    // Out of range first: a number no label can have is "does not exist", whatever else it is.
    .positive({ error: 'The selected label to merge into does not exist.', abort: true })
    .max(2_147_483_647, { error: 'The selected label to merge into does not exist.', abort: true })
    .int('The into id must be a whole number.'),
});
export type LabelMergeInput = z.infer<typeof LabelMergeInput>;

export const LabelChangeResponse = z.object({ message: z.string(), label: Label });
export type LabelChangeResponse = z.infer<typeof LabelChangeResponse>;

/** DELETE /api/labels/{id}: how many tasks lost it. */
export const LabelDeleteResponse = z.object({ message: z.string(), tasks_count: z.number().int() });

/** DELETE /api/labels/unused: how many labels carried by no task were deleted. */
export const UnusedLabelsDeleteResponse = z.object({ message: z.string(), deleted: z.number().int() });
