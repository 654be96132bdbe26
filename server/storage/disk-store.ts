import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_KEY, type FileStore } from './file-store.ts';

/**
 * Attachment bytes as files under `root` (DATA_DIR/files by default): nothing to set up, and
 * `npm run db:backup` copies them beside the database. One process's disk: several processes on
 * one PostgreSQL need STORAGE_URL (docs/operations.md).
 */
/** A copy on its way in is this old at most; one older was left by a crash. */
const INCOMING_GRACE_MS = 60 * 60 * 1000;

export function createDiskStore(root: string): FileStore {
  // Copies on their way in: beside the files (a rename is atomic only on one file system), in a
  // folder of their own that list() never reads and open() clears of what a crash left.
  const incoming = path.join(root, '.incoming');
  const fileOf = (key: string) => {
    // Keys are the server's own (file-store.ts); anything else is a bug, never a path to follow.
    if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    async open() {
      await fs.promises.mkdir(incoming, { recursive: true });
      const before = Date.now() - INCOMING_GRACE_MS;
      for (const name of await fs.promises.readdir(incoming)) {
        const file = path.join(incoming, name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true });
      }
    },
    async put(key, sourcePath) {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.mkdir(incoming, { recursive: true });
      // A copy then a rename, so a reader never sees half a file, and the temporary file (which may
      // be on another file system) is the caller's to remove.
      const partial = path.join(incoming, `${key.replace('/', '-')}-${process.pid}-${Date.now()}`);
      await fs.promises.copyFile(sourcePath, partial);
      await fs.promises.rename(partial, target);
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },
    async *list() {
      let folders: fs.Dirent[];
      try {
        folders = await fs.promises.readdir(root, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const folder of folders) {
        if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
        for (const name of await fs.promises.readdir(path.join(root, folder.name))) {
          const key = `${folder.name}/${name}`;
          if (!STORAGE_KEY.test(key)) continue;
          const stat = await fs.promises.stat(path.join(root, key)).catch(() => undefined);
          if (stat) yield { key, storedAt: stat.mtime };
        }
      }
    },
  };
}
