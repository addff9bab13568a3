import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { SupportAttachment } from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import { supportFiles } from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { clientError, HttpError } from '../../http/errors.js';
import { isPdf, type UploadService } from '../uploads/index.js';

/** Images are re-encoded to WebP no larger than this on a side; PDFs are kept as they are. */
const IMAGE_SIDE = 4096;
export const MAX_ATTACHMENT_MB = 5;

/** A file name a person recognises, safe in a header: letters, digits, dot, dash, underscore, space. */
export function safeName(name: string | undefined, pdf: boolean): string {
  const base = (name ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'attachment'}.${pdf ? 'pdf' : 'webp'}`;
}

/**
 * Support attachments (issue 30 §1): uploaded before the message that carries them, kept
 * privately under `support/{registration}/{id}.webp|pdf`, read only through the client's and the
 * team's routes. A file not yet on a message is its uploader's alone.
 */
export function createSupportAttachments(db: Db, uploads: UploadService) {
  return {
    async store(
      registrationId: string,
      uploadedBy: 'client' | 'team',
      bytes: Buffer,
      name: string | undefined,
    ): Promise<SupportAttachment> {
      const pdf = isPdf(bytes);
      const id = crypto.randomUUID();
      const key = `support/${registrationId}/${id}.${pdf ? 'pdf' : 'webp'}`;
      let stored;
      try {
        stored = pdf
          ? await uploads.storePrivatePdf(key, bytes)
          : await uploads.storePrivateImage(key, bytes, IMAGE_SIDE);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 413)
          throw clientError(413, 'support_attachment_too_large', { max: MAX_ATTACHMENT_MB });
        if (error instanceof HttpError && (error.statusCode === 415 || error.statusCode === 422))
          throw clientError(415, 'support_attachment_type');
        throw error;
      }
      const fileName = safeName(name, pdf);
      try {
        await db.insert(supportFiles).values({
          id,
          registrationId,
          uploadedBy,
          objectKey: key,
          contentType: stored.contentType,
          bytes: stored.bytes,
          name: fileName,
        });
      } catch (error) {
        await uploads.removePrivate(key).catch(() => undefined);
        throw error;
      }
      return { id, contentType: stored.contentType, size: stored.bytes, name: fileName };
    },

    /** A file of the client's (`registrationId`), or any client's for the team (null). */
    async open(
      registrationId: string | null,
      fileId: string,
    ): Promise<{ body: Readable; contentType: string; name: string }> {
      const [row] = isUuid(fileId)
        ? await db
            .select()
            .from(supportFiles)
            .where(
              and(
                eq(supportFiles.id, fileId),
                registrationId ? eq(supportFiles.registrationId, registrationId) : undefined,
              ),
            )
        : [];
      const body = row ? await uploads.openPrivate(row.objectKey) : null;
      if (!row || !body) throw clientError(404, 'support_attachment_not_found');
      return { body, contentType: row.contentType, name: row.name };
    },
  };
}
export type SupportAttachments = ReturnType<typeof createSupportAttachments>;
