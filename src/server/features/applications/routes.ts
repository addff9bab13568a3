import type { FastifyInstance } from 'fastify';
import { applicationInput } from '../../../contract/applications/applications.js';
import { serialIdParam } from '../../db/ids.js';
import { parseInput } from '../../http/validate.js';
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
const DAYS_MAX = 90;

/** Applications and their revenue (employees only: registered through the guard). */
export async function applicationRoutes(
  app: FastifyInstance,
  options: { applications: ApplicationService; revenue: RevenueService },
): Promise<void> {
  const { applications, revenue } = options;
  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/applications', async (_request, reply) =>
    reply.headers(noStore).send(await applications.list()),
  );
  app.get<{ Params: { id: string } }>('/api/applications/:id', async (request, reply) =>
    reply.headers(noStore).send(await applications.get(serialIdParam(request.params.id))),
  );

  app.post('/api/applications', async (request, reply) => {
    const created = await applications.create(parseInput(applicationInput, request.body, LABELS));
    request.activity = {
      action: 'create',
      subject: 'application',
      detail: { id: created.id, name: created.name },
    };
    return reply.status(201).send(created);
  });

  app.put<{ Params: { id: string } }>('/api/applications/:id', async (request) => {
    const updated = await applications.update(
      serialIdParam(request.params.id),
      parseInput(applicationInput, request.body, LABELS),
    );
    request.activity = {
      action: 'update',
      subject: 'application',
      detail: { id: updated.id, name: updated.name },
    };
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/api/applications/:id', async (request, reply) => {
    const removed = await applications.remove(serialIdParam(request.params.id));
    request.activity = {
      action: 'delete',
      subject: 'application',
      detail: { id: removed.id, name: removed.name },
    };
    return reply.status(204).send();
  });

  app.get('/api/revenue/today', async (_request, reply) =>
    reply.headers(noStore).send(await revenue.today()),
  );
  app.get('/api/revenue/summary', async (_request, reply) =>
    reply.headers(noStore).send(await revenue.summary()),
  );
  app.get<{ Querystring: { days?: string } }>('/api/revenue/daily', async (request, reply) => {
    const days = Math.min(
      DAYS_MAX,
      Math.max(1, Number.parseInt(request.query.days ?? '30', 10) || 30),
    );
    return reply.headers(noStore).send(await revenue.daily(days));
  });
}
