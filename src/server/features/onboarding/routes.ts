import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteOnboardingFile,
  getClientOnboarding,
  getClientOnboardingFile,
  getOnboarding,
  getOnboardingFile,
  ONBOARDING_LABELS,
  onboardingFileQuery,
  onboardingSaveInput,
  saveOnboardingDraft,
  submitOnboarding,
  uploadOnboardingFile,
} from '../../../contract/onboarding/onboarding.js';
import type { ErrorCode } from '../../../contract/lib/errors.js';
import { clientError, HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { acceptImageBodies, MAX_IMAGE_BYTES } from '../uploads/index.js';
import type { OnboardingService } from './service.js';

/** The uploads feature's refusals, by status, as codes the page words in its language. */
const IMAGE_CODES: Record<number, ErrorCode> = {
  413: 'image_too_large',
  415: 'image_type',
  422: 'image_unreadable',
};
const coded = (error: unknown) =>
  error instanceof HttpError && !error.code && IMAGE_CODES[error.statusCode]
    ? clientError(error.statusCode, IMAGE_CODES[error.statusCode]!)
    : error;

/** Fastify's own refusals of an image body, with the same codes. */
const BODY_ERRORS = {
  FST_ERR_CTP_BODY_TOO_LARGE: clientError(413, 'image_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: clientError(415, 'image_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: clientError(400, 'image_unreadable'),
};

/** An image of ours: re-encoded WebP, named by id, readable only by whoever the route lets in. */
function sendImage(reply: FastifyReply, body: Readable | null) {
  if (!body) throw clientError(404, 'onboarding_file_not_found');
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(body);
}
// A file's bytes never change (a new image gets a new id), but it is private: no shared cache.
const PRIVATE_IMAGE_CACHE = 'private, max-age=3600';

/**
 * The client's onboarding, under the billing page's path (its session cookie is scoped there):
 * every route needs the billing session, checked before the body is read. A client reaches only
 * their own onboarding: the session names it, no path or body does.
 */
export async function clientOnboardingRoutes(
  app: FastifyInstance,
  options: {
    onboarding: OnboardingService;
    /** The billing session's check (the account feature's accountSessionHook). */
    clientSession: (request: FastifyRequest) => Promise<void>;
    /** Image uploads per client address per minute. */
    uploadsPerMinute: number;
  },
): Promise<void> {
  const { onboarding } = options;
  app.addHook('onRequest', options.clientSession);
  const who = (request: FastifyRequest) => request.accountRegistrationId!;
  const spec = { body: onboardingSaveInput, labels: ONBOARDING_LABELS };
  // Autosave sends at most one save per pause in typing; these bound a script, not a person.
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  route(app, getOnboarding, {}, async (_input, request) => onboarding.view(who(request)));
  route(app, saveOnboardingDraft, { ...spec, config: perMinute(120) }, async ({ body }, request) =>
    onboarding.save(who(request), body),
  );
  route(app, submitOnboarding, { ...spec, config: perMinute(20) }, async ({ body }, request) =>
    onboarding.submit(who(request), body, { ipAddress: request.ip }),
  );
  route(app, deleteOnboardingFile, {}, async ({ params }, request, reply) => {
    await onboarding.removeFile(who(request), params.fileId!);
    return reply.status(204).send();
  });
  route(
    app,
    getOnboardingFile,
    { cache: PRIVATE_IMAGE_CACHE },
    async ({ params }, request, reply) =>
      sendImage(reply, await onboarding.openFile(who(request), params.fileId!)),
  );

  await app.register(async (scope) => {
    acceptImageBodies(scope, BODY_ERRORS);
    route(
      scope,
      uploadOnboardingFile,
      {
        query: onboardingFileQuery,
        labels: { kind: 'Kind' },
        bodyLimit: MAX_IMAGE_BYTES,
        config: perMinute(options.uploadsPerMinute),
      },
      async ({ query }, request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const file = await onboarding.addFile(who(request), query.kind, bytes);
          reply.status(201);
          return file;
        } catch (error) {
          throw coded(error);
        }
      },
    );
  });
}

/**
 * A client's onboarding on their record (employees only: registered through the guard). Every
 * employee, owner or staff, sees every client's answers and files (docs/decisions/038).
 */
export async function employeeOnboardingRoutes(
  app: FastifyInstance,
  options: { onboarding: OnboardingService },
): Promise<void> {
  const { onboarding } = options;
  route(app, getClientOnboarding, {}, async ({ params }) => onboarding.forEmployee(params.id!));
  route(
    app,
    getClientOnboardingFile,
    { cache: PRIVATE_IMAGE_CACHE },
    async ({ params }, _request, reply) =>
      sendImage(reply, await onboarding.openFile(params.id!, params.fileId!)),
  );
}
