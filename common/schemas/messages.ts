/**
 * Laravel-style messages for a field of the wrong kind: a missing field is "required", one of
 * another type says what it must be, so `{"name": 5}` is not told its name is missing.
 */
export const requiredField =
  (field: string, kind: 'string' | 'number' = 'string') =>
  (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `The ${field} field is required.` : `The ${field} field must be a ${kind}.`;
