import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { stripInvisible } from '../invisible-characters.ts';
import { forListsOnly } from './checks.ts';
import { recordId } from './ids.ts';

/** Same pattern on both sides: the share dialog and the API agree on what an address is. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ShareInput = z.object({
  email_ids: z
    .array(
      z
        // A blank address is "required"; something that is no text at all (a number) is not an address.
        .string({ error: (issue) => (issue.input == null ? 'Email address is required' : 'Please enter a valid email address') })
        // A pasted address may carry zero-width or bidi characters: they go, and with them nothing but them is blank.
        .overwrite(stripInvisible)
        .trim()
        // abort: a blank address is "required", not also "not valid".
        .min(1, { error: 'Email address is required', abort: true })
        // An address has at most 254 characters (RFC 5321); longer ones only bloat a victim's pending list.
        .max(LIMITS.emailMax, { error: `The email must not be greater than ${LIMITS.emailMax} characters.`, abort: true })
        .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
      {
        error: 'At least one email address is required.',
      },
    )
    .min(1, forListsOnly('At least one email address is required.'))
    .max(LIMITS.shareEmailsMax, forListsOnly(`You can share with at most ${LIMITS.shareEmailsMax} people at once.`))
    .superRefine((emails, ctx) => {
      const seen = new Set<string>();
      emails.forEach((email, index) => {
        const key = email.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Duplicate email address', path: [index] });
        seen.add(key);
      });
    }),
});

export const RemoveShareInput = z
  .object(
    {
      user_id: recordId({ invalid: 'The user id must be a number.', tooLarge: 'This person does not have access to the task.' }).optional(),
      /** Beyond the spec: removes an invitation to an address that has no account yet. */
      email: z.string().overwrite(stripInvisible).trim().regex(EMAIL_PATTERN, 'Please enter a valid email address').optional(),
    },
    { error: 'The user id field is required.' },
  )
  .refine((input) => input.user_id !== undefined || input.email !== undefined, {
    message: 'The user id field is required.',
    path: ['user_id'],
  });
