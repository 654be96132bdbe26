/**
 * Parameters for a list's length check that make it run on lists only. zod 4 runs length
 * checks on whatever has a length, so a string sent for a list was told both that it is not a
 * list and that it holds too many items. zod honours `when` on every check (it is part of the
 * check's definition), but its method types leave it out; the route tests that send a string
 * for a list fail if that ever changes.
 */
export function forListsOnly(error: string): { error: string } {
  const params = { error, when: (payload: { value: unknown }) => Array.isArray(payload.value) };
  return params;
}
