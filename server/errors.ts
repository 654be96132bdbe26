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

function firstMessage(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  return all.length === 1 ? all[0]! : `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})`;
}
