/**
 * Uptime checks of clients' launched websites (issue 30 §4). The support feature registers it
 * with its SystemRequests (outages and expiring certificates become requests).
 */
import type { FastifyInstance } from 'fastify';
import { websiteAddressPolicy } from '../../../adapters/website/safe-fetch.js';
import { uptimeProbe, type SiteProbe } from '../../../adapters/website/uptime-probe.js';
import type { FeatureContext } from '../../../context.js';
import { accountSessionHook, createAccountService } from '../../account/index.js';
import { createUptimeJob, type UptimeJob } from './job.js';
import { uptimeAdminRoutes, uptimeClientRoutes } from './routes.js';
import { createUptimeService, type UptimeService } from './service.js';
import type { SystemRequests } from './types.js';

export type { SystemRequests } from './types.js';
export { createUptimeService, normalizeSiteUrl, type UptimeService } from './service.js';
export { createUptimeJob, UPTIME_CONCURRENCY, UPTIME_TICK_MS, type UptimeJob } from './job.js';

/** What registerUptime reads of the feature context. */
export type UptimeContext = Pick<
  FeatureContext,
  'config' | 'db' | 'log' | 'https' | 'mail' | 'jobs' | 'employeeOnly'
>;

export interface UptimeOptions {
  /** Checks a site; the safe fetch under the app's address policy when omitted (tests pass fakes). */
  probe?: SiteProbe;
  /** The clock (tests move it; test mode's support clock, which is async, fits too). */
  now?: () => Date | Promise<Date>;
  /** Checks under way at once per instance (25 by default). */
  concurrency?: number;
  /** How often each instance looks for due sites (30 s by default; browser tests shorten it). */
  tickMs?: number;
}

/**
 * The routes (the client's record, the client's /account), the service and the background job
 * 'uptime checks' (started with the app's other jobs). Answers the service and the job, so tests
 * can run a tick by hand.
 */
export async function registerUptime(
  app: FastifyInstance,
  ctx: UptimeContext,
  requests: SystemRequests,
  options: UptimeOptions = {},
): Promise<{ uptime: UptimeService; job: UptimeJob }> {
  const isAllowedAddress = websiteAddressPolicy(ctx.config.websiteFetchAllowsLoopback);
  const uptime = createUptimeService({
    db: ctx.db,
    requests,
    probe: options.probe ?? uptimeProbe({ isAllowedAddress, userAgent: ctx.config.userAgent }),
    timeZone: ctx.config.timeZone,
    isAllowedAddress,
    log: ctx.log,
    ...(options.now ? { now: options.now } : {}),
  });
  await ctx.employeeOnly(uptimeAdminRoutes, { uptime });
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  await app.register(uptimeClientRoutes, {
    uptime,
    clientSession: accountSessionHook(account, ctx.https),
  });
  const job = createUptimeJob({
    uptime,
    log: ctx.log,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.tickMs ? { everyMs: options.tickMs } : {}),
  });
  ctx.jobs.add('uptime checks', job);
  return { uptime, job };
}
