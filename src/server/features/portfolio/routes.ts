import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { listPortfolio } from './service.js';

export async function portfolioRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  app.get('/api/portfolio', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listPortfolio(options.db);
  });
}
