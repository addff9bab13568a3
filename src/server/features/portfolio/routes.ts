import type { FastifyInstance } from 'fastify';
import {
  createPortfolioItem,
  deletePortfolioItem,
  portfolioInput,
  updatePortfolioItem,
} from '../../../contract/portfolio/admin.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import { serialIdParam } from '../../db/ids.js';
import { route } from '../../http/route.js';
import type { PortfolioService, PortfolioShowcase } from './service.js';

const LABELS = {
  websiteName: 'Website Name',
  websiteUrl: 'Website URL',
  description: 'Description',
  descriptionEs: 'Spanish description',
  logoUrl: 'Logo',
};

/** The public list the landing page shows. */
export async function portfolioRoutes(
  app: FastifyInstance,
  options: { showcase: PortfolioShowcase },
): Promise<void> {
  route(app, listPortfolio, { cache: 'no-cache' }, async (_input, _request, reply) =>
    reply.type('application/json; charset=utf-8').send(await options.showcase.json()),
  );
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
  const input = { body: portfolioInput, labels: LABELS };
  route(app, createPortfolioItem, input, async ({ body }, request, reply) => {
    const created = await portfolio.create(body);
    request.activity = {
      action: 'create',
      subject: 'portfolio item',
      detail: { id: created.id, name: created.websiteName },
    };
    reply.status(201);
    return created;
  });
  route(app, updatePortfolioItem, input, async ({ body, params }, request) => {
    const updated = await portfolio.update(serialIdParam(params.id!), body);
    request.activity = {
      action: 'update',
      subject: 'portfolio item',
      detail: { id: updated.id, name: updated.websiteName },
    };
    return updated;
  });
  route(app, deletePortfolioItem, {}, async ({ params }, request, reply) => {
    const removed = await portfolio.remove(serialIdParam(params.id!));
    request.activity = {
      action: 'delete',
      subject: 'portfolio item',
      detail: { id: removed.id, name: removed.websiteName },
    };
    return reply.status(204).send();
  });
}
