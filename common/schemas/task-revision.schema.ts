import { z } from 'zod';
import { INT32_MAX } from './ids.ts';
import { TaskWithActivity } from './task-detail.schema.ts';

/*
 * A task's revision on the wire (decision 031): the entity tag of its writes. Apart from the task
 * schemas, so the dashboard's first load does not build these (decision 025); the server's routes
 * and the offline writes (issue 23) import them.
 */

/** A task's revision as the entity tag its writes answer in `ETag` and take back in `If-Match`: `"7"`. */
export const revisionTag = (revision: number) => `"${revision}"`;

/** The longest If-Match read: `W/"2147483647"` is 15 characters. */
export const IF_MATCH_MAX = 32;
export const IF_MATCH_MESSAGE = `The If-Match header must be the task's revision as an entity tag, such as "7", or *.`;
/**
 * `*`, or one revision as the server hands it out (`"7"`; weak `W/"7"` too, since a proxy that
 * compresses may weaken the tags it passes on). Only the digits the server writes: no leading
 * zero, no sign, at most PostgreSQL's largest integer. Not a list of tags: the client only ever
 * has one revision of a task to send.
 */
const IF_MATCH_SYNTAX = /^(?:\*|(?:W\/)?"(0|[1-9][0-9]{0,9})")$/;

/**
 * If-Match of the task writes (update, complete, uncomplete, delete; decision 031): the revision the
 * write was based on, or null for `*` (any revision: the same as no header, on a task that exists).
 * Anything else is a 400, never a 412 (the error handler answers a bad header so).
 */
export const IfMatchRevision = z
  .string({ error: IF_MATCH_MESSAGE })
  .max(IF_MATCH_MAX, IF_MATCH_MESSAGE)
  .transform((value, context): number | null => {
    const match = IF_MATCH_SYNTAX.exec(value.trim());
    if (match && match[1] === undefined) return null;
    const revision = match ? Number(match[1]) : Number.NaN;
    if (!(revision <= INT32_MAX)) {
      context.addIssue({ code: 'custom', message: IF_MATCH_MESSAGE, input: value });
      return z.NEVER;
    }
    return revision;
  });

/** The request headers a task write reads: an optional If-Match (decision 031). */
export const TaskWriteHeaders = z.object({
  'if-match': IfMatchRevision.optional().describe(
    'Optional: the revision the change is based on, as `"7"` (`W/"7"` too), or `*`. A task whose revision is no longer that one is not changed: 412 with the task as it is now',
  ),
});

export const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.';
/**
 * The request headers of a task creation: an optional Idempotency-Key (decision 034), with which a
 * create sent again (its answer lost on the way) answers the task the first one made.
 */
export const TaskCreateHeaders = z.object({
  'idempotency-key': z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .describe(
      'Optional: a key of your choosing for this creation; sent again with the same key, the task already made is answered and none is added',
    ),
});

export const TASK_CHANGED_MESSAGE = 'This task was changed by someone else since you last saw it.';
/**
 * 412 of a task write whose If-Match names a revision the task no longer has (decision 031): the
 * task as it is now, as GET /api/task/{id} shows it (with its activity), for the person to choose.
 */
export const TaskChangedResponse = z
  .object({ message: z.string(), task: TaskWithActivity })
  .describe('The task changed since the revision in If-Match: nothing was written; `task` is the task as it is now');
