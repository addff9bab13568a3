import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { requestUpload, uploadToLink } from '../../../contract/uploads/uploads.js';
import { uploadRequestInput, UPLOAD_REQUEST_LABELS } from '../../../contract/uploads/request.js';
import { MAX_LOGO_BYTES, NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE } from './images.js';
import type { UploadService } from './service.js';

/**
 * Fastify's own refusals of an upload body, in the words the settings page shows. The parser
 * takes any image type and raw bytes; what the bytes really are is decided by the magic bytes.
 */
const BODY_MESSAGES: Record<string, HttpError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new HttpError(413, TOO_LARGE_MESSAGE),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new HttpError(415, NOT_AN_IMAGE_MESSAGE),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new HttpError(
    400,
    'The upload was cut short. Please try again.',
  ),
};

/**
 * Makes `scope` take image bytes as its body (any image type, or octet-stream; the magic bytes
 * decide what the file is) and word Fastify's own refusals of them; the client's onboarding
 * uploads use it too, with their own error codes (`messages`).
 */
export function acceptImageBodies(
  scope: FastifyInstance,
  messages: Record<string, HttpError> = BODY_MESSAGES,
  /** Other types taken as raw bytes too (a project's deliverable may be a PDF). */
  alsoTypes: string[] = [],
): void {
  scope.removeAllContentTypeParsers();
  for (const type of [/^image\/[a-z0-9.+-]+$/, 'application/octet-stream', ...alsoTypes]) {
    scope.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
  }
  scope.setErrorHandler((error: FastifyError, _request, _reply) => {
    throw (error.code && messages[error.code]) || error;
  });
}

/** Logo uploads (employees only: registered through the guard). */
export async function uploadRoutes(
  app: FastifyInstance,
  options: { uploads: UploadService },
): Promise<void> {
  const { uploads } = options;

  const ticket = { body: uploadRequestInput, labels: UPLOAD_REQUEST_LABELS };
  route(app, requestUpload, ticket, async ({ body: input }, request) => {
    // Asking for an upload link changes nothing yet; the upload itself (or the record using it) is logged.
    request.activity = null;
    return uploads.createUpload(input.purpose, request.employee!.id, input.contentType);
  });

  // The one-time link answers both to its token and to the guard: the browser that asked for it
  // is a signed-in employee and sends its cookie along.
  await app.register(async (scope) => {
    acceptImageBodies(scope);
    route(scope, uploadToLink, { bodyLimit: MAX_LOGO_BYTES }, async ({ params }, request) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await uploads.receive(params.token!, request.employee!.id, bytes);
      // Named here so the token (the route's parameter) never reaches the activity log.
      request.activity = {
        action: 'upload',
        subject: 'logo',
        detail: { purpose: stored.purpose, file: stored.objectKey, bytes: stored.bytes },
      };
      return { publicUrl: stored.publicUrl };
    });
  });
}

/** Stored logos on local disk, public because the landing page shows them. */
export async function uploadFileRoutes(
  app: FastifyInstance,
  options: { uploads: UploadService },
): Promise<void> {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const file = await options.uploads.open(request.params['*']);
    if (!file) throw new HttpError(404, 'This file does not exist.');
    return (
      reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        // Names are never reused: a new logo gets a new name.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body)
    );
  });
}
