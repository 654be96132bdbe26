import { EMAIL_PATTERN } from '../../../common/schemas/share.schema.ts';

export type ShareEmailError = 'required' | 'invalid' | 'duplicate';

export interface ShareEmailCheck {
  /** The trimmed addresses to send, empties dropped. */
  emails: string[];
  /** For each address sent, the row it came from (to put server field errors on the right row). */
  rows: number[];
  /** One entry per row: what is wrong with it, or null. */
  errors: Array<ShareEmailError | null>;
}

/**
 * Spec §5: each address trimmed; empty rows dropped; a non-empty row must match the basic
 * pattern and be unique ignoring case. When every row is blank, each says it is required.
 */
export function checkShareEmails(values: readonly string[]): ShareEmailCheck {
  const trimmed = values.map((value) => value.trim());
  if (trimmed.every((value) => value === '')) {
    return { emails: [], rows: [], errors: trimmed.map(() => 'required') };
  }
  const errors: Array<ShareEmailError | null> = trimmed.map(() => null);
  const emails: string[] = [];
  const rows: number[] = [];
  const seen = new Set<string>();
  trimmed.forEach((email, row) => {
    if (email === '') return;
    const key = email.toLowerCase();
    if (!EMAIL_PATTERN.test(email)) errors[row] = 'invalid';
    else if (seen.has(key)) errors[row] = 'duplicate';
    seen.add(key);
    emails.push(email);
    rows.push(row);
  });
  return { emails, rows, errors };
}

export const hasShareEmailErrors = (check: ShareEmailCheck) => check.errors.some((error) => error !== null);

/**
 * Server field errors (`email_ids.2`) refer to positions in the list sent; map them back
 * to rows. Errors about the list as a whole come back under `general`.
 */
export function serverErrorsByRow(errors: Record<string, string[]> | undefined, rows: readonly number[]) {
  const byRow = new Map<number, string>();
  const general: string[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const match = /^email_ids\.(\d+)$/.exec(field);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row !== undefined && messages[0]) byRow.set(row, messages[0]);
    else general.push(...messages);
  }
  return { byRow, general };
}
