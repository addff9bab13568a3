import type { FastifyInstance } from 'fastify';
import { portfolioInput } from '../../../contract/applications.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../http/validate.js';
import { listPortfolio, type PortfolioService } from './service.js';

const LABELS = { websiteName: 'Website Name', websiteUrl: 'Website URL', description: 'Description', logoUrl: 'Logo' };

/** The public list the landing page shows. */
export async function portfolioRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get('/api/portfolio', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listPortfolio(options.db);
  });
}

/** Adding, editing and deleting items (employees only: registered through the guard). */
export async function portfolioAdminRoutes(app: FastifyInstance, options: { portfolio: PortfolioService }): Promise<void> {
  const { portfolio } = options;
  app.post('/api/portfolio', async (request, reply) => {
    const created = await portfolio.create(parseInput(portfolioInput, request.body, LABELS));
    request.activity = { action: 'create', subject: 'portfolio item', detail: { id: created.id, name: created.websiteName } };
    return reply.status(201).send(created);
  });
  app.put<{ Params: { id: string } }>('/api/portfolio/:id', async (request) => {
    const updated = await portfolio.update(Number(request.params.id), parseInput(portfolioInput, request.body, LABELS));
    request.activity = { action: 'update', subject: 'portfolio item', detail: { id: updated.id, name: updated.websiteName } };
    return updated;
  });
  app.delete<{ Params: { id: string } }>('/api/portfolio/:id', async (request, reply) => {
    const removed = await portfolio.remove(Number(request.params.id));
    request.activity = { action: 'delete', subject: 'portfolio item', detail: { id: removed.id, name: removed.websiteName } };
    return reply.status(204).send();
  });
}
