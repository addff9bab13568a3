import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, gt } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/types.js';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { uploadToLink } from '../../../contract/uploads/uploads.js';
import { HttpError } from '../../http/errors.js';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens.js';
import {
  ACCEPTED_CONTENT_TYPES,
  MAX_LOGO_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  SNIFF_BYTES,
  TOO_LARGE_MESSAGE,
  reencodeImage,
  reencodeLogo,
  sniffImage,
  type UploadPurpose,
} from './images.js';

/** How long an upload link (ours or a presigned one) can be used. */
export const UPLOAD_LINK_MS = 15 * 60 * 1000;
/** Final names are `{purpose}/{id}.webp`; a file sent to a bucket waits at `incoming/{purpose}/{id}` until confirmed. */
const OWN_KEY =
  /^(incoming\/)?(?:app-logo|portfolio-logo)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.webp)?$/;
/** What `GET /uploads/*` may serve: nothing else under the storage directory is reachable. */
const SERVED_KEY = /^[a-z-]+\/[0-9a-f-]+\.(png|webp|jpg)$/;
const SERVED_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Private files live under folders of their own (`onboarding/{client}/{id}.webp`, a project's
 * deliverables at `project/{project}/{id}.webp|pdf`), which `open` never serves.
 */
const PRIVATE_KEY =
  /^(?:onboarding|project|support)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:webp|pdf)$/;
/** What every PDF starts with. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const finalKey = (purpose: UploadPurpose, id: string) => `${purpose}/${id}.webp`;
const uploadAgain = (what: string) => new HttpError(422, `${what} Please upload the logo again.`);

/** The answer to `POST /api/objects/upload`: where to PUT the file, and the URL to save as `logoUrl`. */
export interface UploadTicket {
  uploadURL: string;
  publicUrl: string;
  method: 'PUT';
  /** Headers the PUT must carry (a bucket's presigned URL signs the content type when one was named). */
  headers?: Record<string, string>;
}

async function readAll(stream: Readable | null, limit: number): Promise<Buffer> {
  if (!stream) throw uploadAgain('The logo file has not arrived.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new HttpError(413, TOO_LARGE_MESSAGE);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Logo uploads. On local disk the browser PUTs the file to a one-time link of ours and the file is
 * checked and re-encoded as it arrives. With a bucket the browser PUTs straight to a presigned URL,
 * so the file is checked, re-encoded and moved to its final name when a record first uses it
 * (`confirmUpload`); until then it is nobody's logo.
 */
export function createUploadService(options: { db: Db; storage: Storage; now?: () => Date }) {
  const { db, storage } = options;
  const now = options.now ?? (() => new Date());

  /** The upload id of one of our public URLs (final, or a bucket's incoming one), else null. */
  function uploadIdOf(url: string): string | null {
    const prefix = storage.publicUrl('');
    const match = url.startsWith(prefix) ? OWN_KEY.exec(url.slice(prefix.length)) : null;
    // Incoming names have no extension and final ones always have one.
    return match && Boolean(match[1]) !== Boolean(match[3]) ? match[2]! : null;
  }

  async function confirmBucketUpload(row: typeof uploads.$inferSelect): Promise<string> {
    const info = await storage.head(row.objectKey);
    if (!info) throw uploadAgain('The logo file has not arrived.');
    if (info.size > MAX_LOGO_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
    const declared = info.contentType?.split(';')[0]?.trim().toLowerCase();
    if (!declared || !ACCEPTED_CONTENT_TYPES.has(declared))
      throw new HttpError(415, NOT_AN_IMAGE_MESSAGE);
    // The first bytes refuse a non-image before the whole object is read.
    await sniffImage(
      await readAll(
        await storage.get(row.objectKey, { start: 0, end: SNIFF_BYTES - 1 }),
        SNIFF_BYTES,
      ),
    );
    const logo = await reencodeLogo(
      await readAll(await storage.get(row.objectKey), MAX_LOGO_BYTES),
      row.purpose,
    );
    const key = finalKey(row.purpose, row.id);
    await storage.put(key, logo.bytes, logo.contentType);
    const publicUrl = storage.publicUrl(key);
    await db
      .update(uploads)
      .set({
        status: 'stored',
        objectKey: key,
        publicUrl,
        contentType: logo.contentType,
        bytes: logo.bytes.length,
        storedAt: now(),
      })
      .where(eq(uploads.id, row.id));
    // The logo is already safe under its final name; a left-over incoming file only costs space
    // (a bucket lifecycle rule on `incoming/` clears those).
    await storage.remove(row.objectKey).catch(() => undefined);
    return publicUrl;
  }

  return {
    async createUpload(
      purpose: UploadPurpose,
      employeeId: string,
      contentType?: string,
    ): Promise<UploadTicket> {
      const id = crypto.randomUUID();
      const token = newSecretToken();
      const direct = await storage.uploadTarget(`incoming/${purpose}/${id}`, contentType);
      const objectKey = direct ? `incoming/${purpose}/${id}` : finalKey(purpose, id);
      const publicUrl = storage.publicUrl(objectKey);
      const expiresAt = new Date(now().getTime() + UPLOAD_LINK_MS);
      await db.insert(uploads).values({
        id,
        purpose,
        tokenHash: hashSecretToken(token),
        objectKey,
        publicUrl,
        createdBy: employeeId,
        expiresAt,
      });
      if (direct)
        return {
          uploadURL: direct.url,
          publicUrl,
          method: 'PUT',
          ...(direct.headers ? { headers: direct.headers } : {}),
        };
      return {
        uploadURL: uploadToLink.path.replace(':token', token),
        publicUrl,
        method: 'PUT',
      };
    },

    /** The bytes PUT to one of our one-time links: checked, re-encoded, stored under the name chosen at creation. */
    async receive(token: string, employeeId: string, bytes: Buffer) {
      const [row] = TOKEN.test(token)
        ? await db
            .select()
            .from(uploads)
            .where(eq(uploads.tokenHash, hashSecretToken(token)))
        : [];
      // Links are personal: another employee's link is as unknown as a made-up one.
      if (!row || row.objectKey.startsWith('incoming/') || row.createdBy !== employeeId) {
        throw new HttpError(
          404,
          'This upload link is not valid. Please choose the logo file again.',
        );
      }
      const gone = new HttpError(
        410,
        'This upload link has already been used or has expired (links last 15 minutes). Please choose the logo file again.',
      );
      if (row.status !== 'pending' || row.expiresAt <= now()) throw gone;
      const logo = await reencodeLogo(bytes, row.purpose);
      // Of two uploads racing on one link, exactly one claims it.
      const [claimed] = await db
        .update(uploads)
        .set({ status: 'stored' })
        .where(
          and(eq(uploads.id, row.id), eq(uploads.status, 'pending'), gt(uploads.expiresAt, now())),
        )
        .returning({ id: uploads.id });
      if (!claimed) throw gone;
      try {
        await storage.put(row.objectKey, logo.bytes, logo.contentType);
      } catch (error) {
        await db.update(uploads).set({ status: 'pending' }).where(eq(uploads.id, row.id));
        throw error;
      }
      // storedAt is set only once the file exists: confirmUpload relies on it.
      await db
        .update(uploads)
        .set({ contentType: logo.contentType, bytes: logo.bytes.length, storedAt: now() })
        .where(eq(uploads.id, row.id));
      return {
        publicUrl: row.publicUrl,
        purpose: row.purpose,
        objectKey: row.objectKey,
        bytes: logo.bytes.length,
        width: logo.width,
        height: logo.height,
      };
    },

    /** A stored logo for `GET /uploads/*` (local disk only; a bucket serves its own files). */
    async open(key: string): Promise<{ body: Readable; contentType: string } | null> {
      const match = storage.kind === 'disk' ? SERVED_KEY.exec(key) : null;
      const body = match ? await storage.get(key) : null;
      return body && { body, contentType: SERVED_TYPES[match![1]!]! };
    },

    /**
     * A private image sent through the app (a client's onboarding logo or photo): at most
     * MAX_LOGO_BYTES, its type read from its magic bytes, re-encoded like a logo to fit `side`,
     * and stored under `key` (on disk or in the bucket alike). Never served at a public address:
     * the feature that owns it reads it back with `openPrivate`. Refusals are 413, 415 or 422.
     */
    async storePrivateImage(key: string, bytes: Buffer, side: number) {
      if (!PRIVATE_KEY.test(key) || !key.endsWith('.webp'))
        throw new Error(`Not a private image key: ${key}`);
      if (bytes.length > MAX_LOGO_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
      const image = await reencodeImage(bytes, side);
      await storage.put(key, image.bytes, image.contentType);
      return {
        contentType: image.contentType,
        bytes: image.bytes.length,
        width: image.width,
        height: image.height,
      };
    },

    /**
     * A private PDF (a project's deliverable): at most MAX_LOGO_BYTES, recognised by its magic
     * bytes (`%PDF-`) and stored as it is, served only by the feature that owns it, always as an
     * attachment. Refusals are 413 or 415.
     */
    async storePrivatePdf(key: string, bytes: Buffer) {
      if (!PRIVATE_KEY.test(key) || !key.endsWith('.pdf'))
        throw new Error(`Not a private PDF key: ${key}`);
      if (bytes.length > MAX_LOGO_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
      if (!isPdf(bytes)) throw new HttpError(415, 'Only PDF files and images can be uploaded.');
      await storage.put(key, bytes, 'application/pdf');
      return { contentType: 'application/pdf' as const, bytes: bytes.length };
    },

    /** A private file's bytes, or null when it is gone. */
    async openPrivate(key: string): Promise<Readable | null> {
      return PRIVATE_KEY.test(key) ? storage.get(key) : null;
    },

    async removePrivate(key: string): Promise<void> {
      if (PRIVATE_KEY.test(key)) await storage.remove(key);
    },

    /** Whether `url` names one of our uploads (finished or not): other URLs are never accepted as logos. */
    isOwnUploadUrl: (url: string): boolean => uploadIdOf(url) !== null,

    /**
     * Called before a record saves `url` as its logo: answers the URL to save (for a bucket, the
     * re-encoded copy's), or refuses with a message for the person (422, 413 or 415).
     */
    async confirmUpload(url: string): Promise<string> {
      const id = uploadIdOf(url);
      if (!id) throw uploadAgain('This logo address is not one of our uploads.');
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      if (!row)
        throw uploadAgain(
          'This logo upload no longer exists (uploads no record uses are removed after a day).',
        );
      if (row.status === 'stored' && row.storedAt) return row.publicUrl;
      if (!row.objectKey.startsWith('incoming/'))
        throw uploadAgain('This logo upload did not finish.');
      return confirmBucketUpload(row);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

/** Whether `bytes` start like a PDF (the name and the declared type are never trusted). */
export const isPdf = (bytes: Uint8Array): boolean =>
  bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
