import { z } from 'zod';

export const ActivityLog = z.object({
  id: z.number().int(),
  description: z.string(),
  created_at: z.string(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_photo: z.string().nullable(),
});
export type ActivityLog = z.infer<typeof ActivityLog>;
