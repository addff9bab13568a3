import type { FastifyInstance } from 'fastify';
import { portfolioInput } from '../../../contract/portfolio/admin.js';
import { serialIdParam } from '../../db/ids.js';
import { parseInput } from '../../http/validate.js';
import type { PortfolioService, PortfolioShowcase } from './service.js';

const LABELS = {
  websiteName: 'Website Name',
  websiteUrl: 'Website URL',
  description: 'Description',
  logoUrl: 'Logo',
};

/** The public list the landing page shows. */
export async function portfolioRoutes(
  app: FastifyInstance,
  options: { showcase: PortfolioShowcase },
): Promise<void> {
  app.get('/api/portfolio', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    return reply.send(await options.showcase.json());
  });
}

/** Adding, editing and deleting items (employees only: registered through the guard). */
export async function portfolioAdminRoutes(
  app: FastifyInstance,
  options: { portfolio: PortfolioService; showcase: PortfolioShowcase },
): Promise<void> {
  const { portfolio, showcase } = options;
  // The public list (and the pages rendered with it) shows a change at once on this instance:
  // cleared before the answer leaves, so a read right after it sees the change.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400) showcase.invalidate();
    return payload;
  });
  app.post('/api/portfolio', async (request, reply) => {
    const created = await portfolio.create(parseInput(portfolioInput, request.body, LABELS));
    request.activity = {
      action: 'create',
      subject: 'portfolio item',
      detail: { id: created.id, name: created.websiteName },
    };
    return reply.status(201).send(created);
  });
  app.put<{ Params: { id: string } }>('/api/portfolio/:id', async (request) => {
    const updated = await portfolio.update(
      serialIdParam(request.params.id),
      parseInput(portfolioInput, request.body, LABELS),
    );
    request.activity = {
      action: 'update',
      subject: 'portfolio item',
      detail: { id: updated.id, name: updated.websiteName },
    };
    return updated;
  });
  app.delete<{ Params: { id: string } }>('/api/portfolio/:id', async (request, reply) => {
    const removed = await portfolio.remove(serialIdParam(request.params.id));
    request.activity = {
      action: 'delete',
      subject: 'portfolio item',
      detail: { id: removed.id, name: removed.websiteName },
    };
    return reply.status(204).send();
  });
}
