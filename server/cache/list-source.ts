import type { TaskListKey } from '../db/repositories/task.repository.ts';

/**
 * A list answer before it is put together: `head`, the items' JSON joined by commas, `tail`.
 * The identity body joins every item's JSON; the gzip body (gzip-chunks.ts) needs the JSON of
 * changed items only.
 */
export interface ListSource {
  head: Buffer;
  items: TaskListKey[];
  tail: Buffer;
  /** The JSON of these items, in order; undefined for a task deleted since the list was read. */
  render(items: TaskListKey[]): Promise<(Buffer | undefined)[]>;
}

const COMMA = Buffer.from(',');

/** The whole answer as JSON bytes; a task deleted since the list was read is left out. */
export async function joinList(source: ListSource): Promise<Buffer> {
  const parts: Buffer[] = [source.head];
  for (const json of await source.render(source.items)) {
    if (json === undefined) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(json);
  }
  parts.push(source.tail);
  return Buffer.concat(parts);
}
