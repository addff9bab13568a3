import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  boardQuery,
  getDeliverableFile,
  getProject,
  getProjectBoard,
  MONTH,
  milestoneUpdateInput,
  MAX_DELIVERABLE_BYTES,
  PROJECT_LABELS,
  removeDeliverableFile,
  sendForReviewInput,
  sendMilestoneForReview,
  socialMonthInput,
  updateMilestone,
  updateSocialMonth,
  uploadDeliverableFile,
} from '../../../contract/projects/projects.js';
import type { ErrorCode } from '../../../contract/lib/errors.js';
import { clientError, HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { acceptImageBodies } from '../uploads/index.js';
import type { DeliverableFileBody, ProjectService } from './service.js';

/** The uploads feature's refusals of a deliverable file, by status, as codes. */
const FILE_CODES: Record<number, ErrorCode> = {
  413: 'deliverable_too_large',
  415: 'deliverable_type',
  422: 'deliverable_unreadable',
};
const coded = (error: unknown) =>
  error instanceof HttpError && !error.code && FILE_CODES[error.statusCode]
    ? clientError(error.statusCode, FILE_CODES[error.statusCode]!)
    : error;
/** Fastify's own refusals of the body, with the same codes. */
const BODY_ERRORS = {
  FST_ERR_CTP_BODY_TOO_LARGE: clientError(413, 'deliverable_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: clientError(415, 'deliverable_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: clientError(400, 'deliverable_unreadable'),
};

/** A deliverable file is private and may be replaced under the same address: never cached. */
export const DELIVERABLE_FILE_CACHE = 'private, no-store';

/** Sends a deliverable file: an image shown in the tab, a PDF always downloaded. */
export function sendDeliverableFile(reply: FastifyReply, file: DeliverableFileBody | null) {
  if (!file) throw clientError(404, 'deliverable_not_found');
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.body);
}

/** 'Projects' in the admin area (employees only: the guard logs every write). */
export async function projectAdminRoutes(
  app: FastifyInstance,
  options: { projects: ProjectService },
): Promise<void> {
  const { projects } = options;
  const labels = PROJECT_LABELS;

  route(app, getProjectBoard, { query: boardQuery, labels }, async ({ query }) => {
    // New payments, plan changes and cancellations reach the board before it is read.
    return projects.board(query.manager);
  });

  route(app, getProject, {}, async ({ params }) => projects.forEmployee(params.id ?? ''));

  route(
    app,
    updateMilestone,
    { body: milestoneUpdateInput, labels },
    async ({ body, params }, request) => {
      request.activity = {
        action: 'update',
        subject: 'project milestone',
        detail: { milestoneId: params.id ?? null, ...body },
      };
      return projects.updateMilestone(params.id ?? '', body);
    },
  );

  route(
    app,
    sendMilestoneForReview,
    { body: sendForReviewInput, labels },
    async ({ body, params }, request) => {
      request.activity = {
        action: 'update',
        subject: 'project milestone sent for review',
        detail: { milestoneId: params.id ?? null, deliverableUrl: body.deliverableUrl ?? null },
      };
      return projects.sendForReview(params.id ?? '', body);
    },
  );

  route(
    app,
    getDeliverableFile,
    { cache: DELIVERABLE_FILE_CACHE },
    async ({ params }, _request, reply) =>
      sendDeliverableFile(reply, await projects.openFile(params.id ?? '')),
  );

  route(app, removeDeliverableFile, {}, async ({ params }, request) => {
    request.activity = {
      action: 'delete',
      subject: 'project deliverable file',
      detail: { milestoneId: params.id ?? null },
    };
    return projects.removeFile(params.id ?? '');
  });

  // The file's raw bytes: an image (any type; its first bytes decide) or a PDF.
  await app.register(async (scope) => {
    acceptImageBodies(scope, BODY_ERRORS, ['application/pdf']);
    route(
      scope,
      uploadDeliverableFile,
      { bodyLimit: MAX_DELIVERABLE_BYTES },
      async ({ params }, request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const { project, file } = await projects.attachFile(params.id ?? '', bytes);
          request.activity = {
            action: 'upload',
            subject: 'project deliverable file',
            detail: { milestoneId: params.id ?? null, file: file.key, bytes: file.bytes },
          };
          return project;
        } catch (error) {
          throw coded(error);
        }
      },
    );
  });

  route(
    app,
    updateSocialMonth,
    { body: socialMonthInput, labels },
    async ({ body, params }, request) => {
      const month = params.month ?? '';
      if (!MONTH.test(month)) {
        const message = 'Month must be written like 2026-11.';
        throw new HttpError(400, message, [{ field: 'month', message }]);
      }
      request.activity = {
        action: 'update',
        subject: 'project social calendar',
        detail: { projectId: params.id ?? null, month, ...body },
      };
      return projects.setSocialMonth(params.id ?? '', month, body);
    },
  );
}
