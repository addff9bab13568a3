import type { FastifyInstance } from 'fastify';
import { websiteCheckInput, websiteChecksQuery } from '../../../contract/leads/website-checks.js';
import { parseInput } from '../../http/validate.js';
import type { WebsiteCheckService } from './website-check-service.js';

const LABELS = {
  provider: 'Provider',
  sourceId: 'Source id',
  name: 'Name',
  website: 'Website',
  ids: 'Ids',
};

/** Website checks (employees only: registered through the guard, which logs every run). */
export async function websiteCheckRoutes(
  app: FastifyInstance,
  options: { checks: WebsiteCheckService; rateLimitPerMinute: number },
): Promise<void> {
  const { checks } = options;

  // Each run opens up to three connections to someone else's site: limited per address, so a
  // stuck 'Check all' loop or a script cannot turn us into a crawler.
  app.post(
    '/api/website-checks',
    { config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const input = parseInput(websiteCheckInput, request.body, LABELS);
      const check = await checks.run(input, request.employee!.id);
      request.activity = {
        action: 'check',
        subject: 'website',
        detail: {
          business: check.businessId,
          name: check.name,
          status: check.status,
          score: check.score,
        },
      };
      return check;
    },
  );

  app.get('/api/website-checks', async (request, reply) => {
    const { ids } = parseInput(websiteChecksQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return checks.latest(ids.split(','));
  });

  app.get<{ Params: { id: string } }>('/api/website-checks/:id', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return checks.get(request.params.id);
  });
}
