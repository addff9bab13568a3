import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  approveInput,
  approveMilestone,
  getClientDeliverableFile,
  getClientProject,
  notifyInput,
  PROJECT_LABELS,
  requestChangesInput,
  requestMilestoneChanges,
  setProjectNotify,
} from '../../../contract/projects/projects.js';
import { route } from '../../http/route.js';
import { DELIVERABLE_FILE_CACHE, sendDeliverableFile } from './routes.js';
import type { ProjectService } from './service.js';

/**
 * 'Your project' on the client's billing page: the same session as the billing routes (its cookie,
 * its path /api/account), so a client only ever reaches their own project.
 */
export async function projectClientRoutes(
  app: FastifyInstance,
  options: {
    projects: ProjectService;
    /** The billing session's check (the account feature's accountSessionHook). */
    clientSession: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const { projects } = options;
  app.addHook('onRequest', options.clientSession);
  const who = (request: FastifyRequest) => request.accountRegistrationId!;
  const labels = PROJECT_LABELS;

  route(app, getClientProject, {}, async (_input, request) => ({
    project: await projects.forClient(who(request)),
  }));

  route(
    app,
    approveMilestone,
    { body: approveInput, labels },
    async ({ body, params }, request) => ({
      project: await projects.answerReview(who(request), params.id ?? '', {
        approved: true,
        comment: body.comment || null,
      }),
    }),
  );

  route(
    app,
    requestMilestoneChanges,
    { body: requestChangesInput, labels },
    async ({ body, params }, request) => ({
      project: await projects.answerReview(who(request), params.id ?? '', {
        approved: false,
        comment: body.comment,
      }),
    }),
  );

  // Only a file of the session's own project: another client's milestone is not found.
  route(
    app,
    getClientDeliverableFile,
    { cache: DELIVERABLE_FILE_CACHE },
    async ({ params }, request, reply) =>
      sendDeliverableFile(reply, await projects.openFile(params.id ?? '', who(request))),
  );

  route(app, setProjectNotify, { body: notifyInput, labels }, async ({ body }, request) => ({
    project: await projects.setNotify(who(request), body.notify),
  }));
}
