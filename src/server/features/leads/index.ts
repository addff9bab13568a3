/** Leads: saved prospects, their follow-ups and daily digest, and the website check. */
import type { FastifyInstance } from 'fastify';
import { createSafeFetcher, websiteAddressPolicy } from '../../adapters/website/safe-fetch.js';
import type { FeatureContext } from '../../context.js';
import { createDigestJob, createDigestSettings } from './digest.js';
import { leadRoutes } from './routes.js';
import { createLeadService } from './service.js';
import { socialProfileFinder } from './social.js';
import { websiteCheckRoutes } from './website-check-routes.js';
import { createWebsiteCheckService } from './website-check-service.js';

export { createProspectLookup, type ProspectLookup } from './prospects.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { config, db, options } = ctx;
  const addressPolicy = websiteAddressPolicy(config.websiteFetchAllowsLoopback);
  const findProfiles =
    options.findSocialProfiles ?? socialProfileFinder(config.userAgent, addressPolicy);
  await ctx.employeeOnly(leadRoutes, {
    leads: createLeadService(db, findProfiles, { timeZone: config.timeZone }),
    digests: createDigestSettings(db),
  });
  ctx.jobs.add(
    'lead digest',
    createDigestJob({
      db,
      timeZone: config.timeZone,
      siteName: config.site.name,
      leadsUrl: `${ctx.emailOrigin}/admin?view=leads&due=today`,
      log: ctx.log,
      mailQueued: ctx.services.mailQueued,
    }),
  );
  const fetcher =
    options.websiteFetcher ??
    createSafeFetcher({ userAgent: config.userAgent, isAllowedAddress: addressPolicy });
  await ctx.employeeOnly(websiteCheckRoutes, {
    checks: createWebsiteCheckService({ db, fetcher, userAgent: config.userAgent }),
    rateLimitPerMinute: options.websiteCheckRateLimit ?? 60,
  });
}
