import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live (issue 24): a folder under DATA_DIR by default (disk-store.ts), any
 * S3-compatible object store when STORAGE_URL says so (s3-store.ts). Keys are made by the server
 * (`newStorageKey`), never from a file's name, so no name reaches a path or an object key.
 */
export interface FileStore {
  /** 'disk' or 's3', for logs and the backup script. */
  readonly kind: 'disk' | 's3';
  /** Makes what the store needs (the folder, the bucket); called once at start. */
  open(): Promise<void>;
  /** Stores the file at `sourcePath` (a finished temporary file) under `key`, replacing one there. */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /**
   * The stored bytes, all or `range` (inclusive byte offsets, already checked against the size), or
   * undefined when no such key is stored.
   */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** Deletes the keys; a key not stored is no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every stored key with when it was stored, for the orphan sweep. */
  list(): AsyncIterable<{ key: string; storedAt: Date }>;
}

/** Keys look like `a1/a1b2…` (32 hex characters under a two-character folder): no name, no dot, no slash of a client's. */
export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}(\.thumb)?$/;
