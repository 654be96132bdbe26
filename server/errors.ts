import type { Task } from '../common/schemas/task.schema.ts';
import { TASK_CHANGED_MESSAGE } from '../common/schemas/task-revision.schema.ts';

/**
 * Domain errors. Services throw these; the error-handler plugin turns each into
 * `{ message, errors? }` with its status, so no service ever sees the HTTP reply.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(errors: Record<string, string[]>, message?: string) {
    super(422, message ?? firstMessage(errors), errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * A task write carried the revision it was based on (If-Match) and the task has another one now
 * (decision 031): 412 with the task as it is now, so the person sees both versions and chooses.
 */
export class TaskChangedError extends AppError {
  constructor(readonly task: Task) {
    super(412, TASK_CHANGED_MESSAGE);
  }
}

function firstMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  return all.length === 1 ? all[0]! : `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})`;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // PostgreSQL: too many connections, a statement cancelled (its timeout), and the transaction
  // conflicts a retry resolves (serialization failure, deadlock): busy, not broken.
  '53300',
  '57014',
  '40001',
  '40P01',
]);
/** SQLite's busy and locked results, with their extended codes (SQLITE_BUSY_SNAPSHOT when another process wrote during a read). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED)(_|$)/;

/** The database cannot be reached right now (as opposed to a bug): answered with 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  return (
    typeof message === 'string' &&
    /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|database system is (starting up|shutting down)/i.test(
      message,
    )
  );
}

/** A unique index refused the row: PostgreSQL's code, and better-sqlite3's. */
const UNIQUE_VIOLATION = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE']);
export const isUniqueViolation = (error: unknown) => UNIQUE_VIOLATION.has(String((error as { code?: unknown } | null)?.code));
