import type { FastifyInstance } from 'fastify';
import {
  boardQuery,
  getProject,
  getProjectBoard,
  MONTH,
  milestoneUpdateInput,
  PROJECT_LABELS,
  sendForReviewInput,
  sendMilestoneForReview,
  socialMonthInput,
  updateMilestone,
  updateSocialMonth,
} from '../../../contract/projects/projects.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { ProjectService } from './service.js';

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
