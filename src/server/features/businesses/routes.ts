import type { FastifyInstance } from 'fastify';
import { businessSearchQuery } from '../../../contract/businesses.js';
import { parseInput } from '../../http/validate.js';
import type { BusinessSearch } from './service.js';

const LABELS = { category: 'Business category', radius: 'Radius', lat: 'Latitude', lng: 'Longitude', location: 'Location' };

/** Lead search (employees only: registered through the guard). */
export async function businessRoutes(app: FastifyInstance, options: { search: BusinessSearch }): Promise<void> {
  const { search } = options;

  app.get('/api/businesses/settings', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return search.settings();
  });

  app.get('/api/businesses/search', async (request, reply) => {
    const query = parseInput(businessSearchQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return search.search(query);
  });
}
