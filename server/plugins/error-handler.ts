import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { revisionTag } from '../../common/schemas/task-revision.schema.ts';
import { AppError, isDatabaseUnavailable, TaskChangedError, ValidationError } from '../errors.ts';

/** Turns a zod issue path into the field key the web forms show errors under. */
function fieldOf(instancePath: string | undefined): string {
  const key = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return key === '' ? 'body' : key;
}

/** Field errors (`{ field: [messages] }`) from a failed zod schema validation. */
export function fieldErrorsFrom(validation: ReadonlyArray<{ instancePath?: string; message?: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of validation) {
    const field = fieldOf(issue.instancePath);
    // Only a body that is not an object at all fails at its root (an array, a number).
    const message = field === 'body' ? 'The request body must be a JSON object.' : (issue.message ?? 'The given data was invalid.');
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/**
 * One place that shapes every error as `{ message, errors? }` (spec §8). Anything a
 * client can send maps to a 4xx; only our own faults become 500, and they are logged.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path parameter that is not a valid id names no record: 404, like an unknown id.
      if (error.validationContext === 'params') {
        return reply.code(404).send({ message: error.validation[0]?.message ?? 'Not found' });
      }
      // A header is no form field (If-Match, decision 031): a bad one is a bad request, said in one message.
      if (error.validationContext === 'headers') {
        return reply.code(400).send({ message: error.validation[0]?.message ?? 'A request header is invalid.' });
      }
      const invalid = new ValidationError(fieldErrorsFrom(error.validation));
      return reply.code(422).send({ message: invalid.message, errors: invalid.errors });
    }
    if (error instanceof TaskChangedError) {
      // The task as it is now, and its revision as the tag to base a second try on.
      return reply.code(412).header('ETag', revisionTag(error.task.revision)).send({ message: error.message, task: error.task });
    }
    if (error instanceof AppError) {
      // A refusal that knows when to come back (e.g. the password-hashing queue is full).
      if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
        reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.status).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: error.message || 'Too many requests. Please slow down.' });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: 'The request body is too large.' });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ message: 'Unsupported content type.' });
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message || 'An error occurred' });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error' });
  });
}
