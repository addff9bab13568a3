import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectInfo, Storage } from './types.js';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `dir`, served by the app at `/uploads/{key}`. The saved address is relative to the
 * site, never absolute: moving the site to a new domain (PUBLIC_URL) keeps every saved logo working.
 */
export function createDiskStorage(dir: string): Storage {
  const root = path.resolve(dir);
  /** Keys come from the server, but a key that would leave the directory is refused all the same. */
  function fileOf(key: string): string | null {
    const file = path.resolve(root, key);
    return key.length > 0 && !key.includes('\0') && file.startsWith(root + path.sep) ? file : null;
  }

  return {
    kind: 'disk',
    async uploadTarget() {
      return null;
    },

    async put(key: string, bytes: Buffer) {
      const file = fileOf(key);
      if (!file) throw new Error(`invalid storage key: ${key}`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<Readable | null> {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const handle = await fs.promises.open(file, 'r');
        if (!(await handle.stat()).isFile()) {
          await handle.close();
          return null;
        }
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },

    async head(key: string): Promise<ObjectInfo | null> {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const stat = await fs.promises.stat(file);
        return stat.isFile() ? { size: stat.size, contentType: TYPES[path.extname(file)] } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key: string) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },

    publicUrl: (key: string) => `/uploads/${key}`,
  };
}
