import { z } from 'zod';

/**
 * The largest id a row can have: ids are `integer` on PostgreSQL (and SQLite), so a larger
 * number can name no record. Sent on to PostgreSQL it is an error ("out of range for type
 * integer"), which the API must never answer with a 500: every id a client sends is checked here.
 */
export const ID_MAX = 2_147_483_647;
/** The smallest and largest `integer` of PostgreSQL, for numbers that are not ids (a rank). */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** An id as text: decimal digits only (no sign, exponent, fraction or 0x); surrounding spaces are trimmed. */
const DECIMAL_ID = /^[0-9]+$/;

/** Whether a value is an id some row could have: a whole number from 1 to ID_MAX. */
export function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

export interface RecordIdMessages {
  /** Neither a number nor text (a boolean, a list, an object). Defaults to `invalid`. */
  type?: string | ((issue: { input?: unknown }) => string);
  /** Not a whole number from 1 up, or text that is not decimal digits. */
  invalid: string;
  /** A whole number from 1 up beyond ID_MAX: no record has it. Defaults to `invalid`. */
  tooLarge?: string;
  /**
   * Let a whole number beyond ID_MAX through instead, for the service to answer like any unknown
   * id (404): it must check `isRecordId` before the database sees it.
   */
  keepTooLarge?: boolean;
}

/**
 * A record id in a path, query or body: a number, or text of decimal digits (spec §7 sends some
 * ids as strings), from 1 to ID_MAX. `null`/`undefined` are the caller's to allow (`.nullish()`).
 */
export function recordId(messages: RecordIdMessages) {
  const tooLarge = messages.tooLarge ?? messages.invalid;
  return z.union([z.number(), z.string()], { error: messages.type ?? messages.invalid }).transform((value, ctx): number => {
    const id = typeof value === 'number' ? value : DECIMAL_ID.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: messages.invalid, input: value });
      return z.NEVER;
    }
    if (id > ID_MAX && !messages.keepTooLarge) {
      ctx.addIssue({ code: 'custom', message: tooLarge, input: value });
      return z.NEVER;
    }
    return id;
  });
}

/**
 * A record id in a path: any value that is not one names no record, so the server answers it
 * like an unknown id (404 with `message`), not as a field error.
 */
export const recordIdParams = (notFound: string) => z.object({ id: recordId({ invalid: notFound }) });
