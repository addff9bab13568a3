import type { FastifyInstance } from 'fastify';
import type { PlanCatalogue } from './service.js';

export async function planRoutes(app: FastifyInstance, options: { catalogue: PlanCatalogue }): Promise<void> {
  app.get('/api/subscription-plans', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return options.catalogue.json();
  });
}
