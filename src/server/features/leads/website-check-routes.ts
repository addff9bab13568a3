import type { FastifyInstance } from 'fastify';
import {
  getWebsiteCheck,
  latestWebsiteChecks,
  runWebsiteCheck,
  WEBSITE_CHECK_LABELS,
  websiteCheckInput,
  websiteChecksQuery,
} from '../../../contract/leads/website-checks.js';
import { route } from '../../http/route.js';
import type { WebsiteCheckService } from './website-check-service.js';

/** Website checks (employees only: registered through the guard, which logs every run). */
export async function websiteCheckRoutes(
  app: FastifyInstance,
  options: { checks: WebsiteCheckService; rateLimitPerMinute: number },
): Promise<void> {
  const { checks } = options;
  const labels = WEBSITE_CHECK_LABELS;

  // Each run opens up to three connections to someone else's site: limited per address, so a
  // stuck 'Check all' loop or a script cannot turn us into a crawler.
  route(
    app,
    runWebsiteCheck,
    {
      body: websiteCheckInput,
      labels,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async ({ body }, request) => {
      const check = await checks.run(body, request.employee!.id);
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

  route(app, latestWebsiteChecks, { query: websiteChecksQuery, labels }, async ({ query }) =>
    checks.latest(query.ids.split(',')),
  );

  route(app, getWebsiteCheck, {}, async ({ params }) => checks.get(params.id!));
}
