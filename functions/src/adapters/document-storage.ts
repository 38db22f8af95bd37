import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Private document storage (the original's `registration_documents` bucket). Files live
 * outside any web root; only the back-office's document function streams one back, to staff.
 */
export interface DocumentStorage {
  /** Writes `bytes` at `relativePath` (`{registrationId}/{registrationId}_{type}.{ext}`), replacing it. */
  put(relativePath: string, bytes: Uint8Array): Promise<void>;
  /** Removes the other stored versions of one document (another extension). */
  removeSiblings(relativePath: string): Promise<void>;
  /** The stored bytes and their size, or null when the file is gone. */
  open(relativePath: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes every document of one registration (its folder), for good: a tenant's erasure. */
  removeRegistration(registrationId: string): Promise<void>;
  /** Whether a document can be written now (a probe file written and removed): for /healthz. */
  writable(): Promise<boolean>;
}

/**
 * The disk refused the write (full, read-only, no permission, failing): the caller's transaction
 * rolls back, the visitor is told to try again later (503), and nothing half-written stays.
 */
export class StorageUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`Documents cannot be stored right now (${reason})`);
    this.name = 'StorageUnavailable';
  }
}

/** A disk, local or network, that refuses or cannot be reached now. */
const DISK_REFUSALS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOTDIR',
  'ESTALE',
  'ETIMEDOUT',
]);

export function localDocumentStorage(root: string): DocumentStorage {
  const resolve = (relativePath: string) => {
    const full = path.resolve(root, relativePath);
    // The path is built from a UUID and a fixed type, but never let it leave the root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Document path escapes storage root');
    return full;
  };
  return {
    async put(relativePath, bytes) {
      const full = resolve(relativePath);
      // Write then rename: a reader never sees half a document, and a failed write leaves none.
      const temporary = `${full}.${randomUUID()}.part`;
      try {
        await mkdir(path.dirname(full), { recursive: true, mode: 0o700 });
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        const code = (error as NodeJS.ErrnoException).code ?? '';
        throw DISK_REFUSALS.has(code) ? new StorageUnavailable(code) : error;
      }
    },
    async writable() {
      const probe = path.join(root, `.probe-${randomUUID()}.part`);
      try {
        await mkdir(root, { recursive: true, mode: 0o700 });
        await writeFile(probe, 'ok', { mode: 0o600 });
        return true;
      } catch {
        return false;
      } finally {
        await rm(probe, { force: true }).catch(() => {});
      }
    },
    async open(relativePath) {
      const full = resolve(relativePath);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    },
    async removeRegistration(registrationId) {
      // A registration's folder is its UUID: nothing else (not the root, not a path) is removed.
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(registrationId)) {
        throw new Error('Not a registration id');
      }
      await rm(resolve(registrationId), { recursive: true, force: true });
    },
    async removeSiblings(relativePath) {
      const full = resolve(relativePath);
      const dir = path.dirname(full);
      const stem = path.basename(full, path.extname(full));
      const entries = await readdir(dir).catch(() => [] as string[]);
      for (const entry of entries) {
        if (
          entry !== path.basename(full) &&
          !entry.endsWith('.part') &&
          path.basename(entry, path.extname(entry)) === stem
        ) {
          await rm(path.join(dir, entry), { force: true });
        }
      }
    },
  };
}
