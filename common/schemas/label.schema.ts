import { z } from 'zod';

export const Label = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  tasks_count: z.number().int().optional(),
});
export type Label = z.infer<typeof Label>;

export const LabelsResponse = z.object({ labels: z.array(Label) });
