import type { FastifyInstance } from 'fastify';
import {
  applicationInput,
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  updateApplication,
} from '../../../contract/applications/applications.js';
import {
  dailyRevenueQuery,
  getRevenueSummary,
  getRevenueToday,
  listDailyRevenue,
} from '../../../contract/revenue/revenue.js';
import { serialIdParam } from '../../db/ids.js';
import { route } from '../../http/route.js';
import type { RevenueService } from '../revenue/index.js';
import type { ApplicationService } from './service.js';

const LABELS = {
  name: 'Application Name',
  url: 'Application URL',
  description: 'Description',
  status: 'Status',
  logoUrl: 'Logo',
  iconColor: 'Icon colour',
  iconType: 'Icon',
  stripeProductId: 'Stripe product id',
};
const input = { body: applicationInput, labels: LABELS };

/** Applications and their revenue (employees only: registered through the guard). */
export async function applicationRoutes(
  app: FastifyInstance,
  options: { applications: ApplicationService; revenue: RevenueService },
): Promise<void> {
  const { applications, revenue } = options;

  route(app, listApplications, {}, async () => applications.list());
  route(app, getApplication, {}, async ({ params }) => applications.get(serialIdParam(params.id!)));

  route(app, createApplication, input, async ({ body }, request, reply) => {
    const created = await applications.create(body);
    request.activity = {
      action: 'create',
      subject: 'application',
      detail: { id: created.id, name: created.name },
    };
    reply.status(201);
    return created;
  });

  route(app, updateApplication, input, async ({ body, params }, request) => {
    const updated = await applications.update(serialIdParam(params.id!), body);
    request.activity = {
      action: 'update',
      subject: 'application',
      detail: { id: updated.id, name: updated.name },
    };
    return updated;
  });

  route(app, deleteApplication, {}, async ({ params }, request, reply) => {
    const removed = await applications.remove(serialIdParam(params.id!));
    request.activity = {
      action: 'delete',
      subject: 'application',
      detail: { id: removed.id, name: removed.name },
    };
    return reply.status(204).send();
  });

  route(app, getRevenueToday, {}, async () => revenue.today());
  route(app, getRevenueSummary, {}, async () => revenue.summary());
  route(app, listDailyRevenue, { query: dailyRevenueQuery }, async ({ query }) =>
    revenue.daily(query.days),
  );
}
