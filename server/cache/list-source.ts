import type { TaskListKey } from '../db/repositories/task.repository.ts';

/**
 * A list answer before it is put together: `head`, the items' JSON joined by commas, `tail`.
 * The identity body joins every item's JSON; the gzip body (gzip-chunks.ts) needs the JSON of
 * changed items only.
 */
export interface ListSource {
  head: Buffer;
  /** Shared with list-keys-memory.ts: never changed in place. */
  items: readonly TaskListKey[];
  tail: Buffer;
  /** The JSON of these items, in order; undefined for a task deleted since the list was read. */
  render(items: readonly TaskListKey[]): Promise<(Buffer | undefined)[]>;
}

const COMMA = 0x2c;

/** The whole answer as JSON bytes; a task deleted since the list was read is left out. */
export async function joinList(source: ListSource): Promise<Buffer> {
  const rendered = await source.render(source.items);
  let length = source.head.length + source.tail.length;
  let count = 0;
  for (const json of rendered) {
    if (json === undefined) continue;
    length += json.length;
    count += 1;
  }
  length += Math.max(count - 1, 0);
  // One allocation and one copy per task; a comma is a byte written, not a 1-byte Buffer copied
  // (Buffer.concat of 2,000 parts spent as long on the commas as on the tasks).
  const body = Buffer.allocUnsafe(length);
  let offset = source.head.copy(body, 0);
  let first = true;
  for (const json of rendered) {
    if (json === undefined) continue;
    if (!first) body[offset++] = COMMA;
    first = false;
    body.set(json, offset);
    offset += json.length;
  }
  source.tail.copy(body, offset);
  return body;
}
