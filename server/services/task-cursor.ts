import { z } from 'zod';
import { INT32_MAX, INT32_MIN, isRecordId } from '../../common/schemas/ids.ts';
import type { TaskListPosition } from '../db/repositories/task.repository.ts';
import { ValidationError } from '../errors.ts';

/**
 * `next_cursor` of a paged list: the sort columns of a page's last task, base64url JSON, opaque
 * to clients. A client can send anything back, and every part goes into the next page's SQL, so
 * each is checked: an id a row can have, a timestamp as the server writes them (which also keeps
 * NUL out: PostgreSQL refuses it in text), and a rank PostgreSQL's `integer` can hold.
 */

/** `Date#toISOString()`, as stored (years past 9999 with their sign). */
const TIMESTAMP = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

const Timestamp = z.string().regex(TIMESTAMP);
const CursorPosition = z.tuple([z.number().refine(isRecordId), Timestamp, Timestamp, z.number().int().min(INT32_MIN).max(INT32_MAX)]);

export function encodeCursor(position: TaskListPosition): string {
  return Buffer.from(JSON.stringify([position.id, position.created_at, position.updated_at, position.priority_rank])).toString('base64url');
}

/** The position a cursor names, or a 422 "The cursor is invalid." for anything the server did not hand out. */
export function decodeCursor(cursor: string): TaskListPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = CursorPosition.safeParse(value);
  if (!parsed.success) throw new ValidationError({ cursor: ['The cursor is invalid.'] });
  const [id, created_at, updated_at, priority_rank] = parsed.data;
  return { id, created_at, updated_at, priority_rank };
}
