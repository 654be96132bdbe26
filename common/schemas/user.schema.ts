import { z } from 'zod';

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_photo: z.string().nullable(),
  created_at: z.string(),
  /** When the address was proven (issue 18); shares addressed to it reach the account only then. */
  email_verified_at: z.string().nullable(),
  /**
   * The person's IANA time zone (issue 21, `PUT /api/user/time-zone`); null until set, when the
   * server reads their days in UTC.
   */
  time_zone: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });

export const LoginResponse = z.object({
  user: User,
  token: z.object({ plainTextToken: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterResponse = z.object({ message: z.string(), user: User });
