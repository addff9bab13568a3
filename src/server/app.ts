import fs from 'node:fs';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type Config } from './config.js';
import type { Database } from './db/client.js';
import { authSecret, createAuth, type Auth } from './features/auth/auth.js';
import { authRoutes } from './features/auth/routes.js';
import { createSignInLimits } from './features/auth/sign-in-limits.js';
import { currentEmployee } from './features/auth/session.js';
import {
  counterStoreInUse,
  createCounterStore,
  type CounterStore,
} from './adapters/shared-state/index.js';
import {
  registerEmployeeOnly,
  registerSameOriginWrites,
  type EmployeeGuard,
} from './http/guard.js';
import { createActivityLog } from './features/activity/service.js';
import { activityRoutes } from './features/activity/routes.js';
import { clientRoutes } from './features/clients/routes.js';
import { clientBillingRoutes } from './features/clients/billing-routes.js';
import { createClientService } from './features/clients/service.js';
import { employeeRoutes } from './features/employees/routes.js';
import { createEmployeeService } from './features/employees/service.js';
import { createPlacesProvider } from './adapters/places/index.js';
import { businessRoutes } from './features/businesses/routes.js';
import { createBusinessSearch } from './features/businesses/service.js';
import { healthRoutes } from './features/health/routes.js';
import { planAdminRoutes, planRoutes } from './features/plans/routes.js';
import { createPlanCatalogue } from './features/plans/service.js';
import { portfolioAdminRoutes, portfolioRoutes } from './features/portfolio/routes.js';
import { createPortfolioService, createPortfolioShowcase } from './features/portfolio/service.js';
import type { SubscriptionPlan } from '../contract/plans/plans.js';
import { listPlans } from '../contract/plans/list.js';
import { listPortfolio } from '../contract/portfolio/portfolio.js';
import { applicationRoutes } from './features/applications/routes.js';
import { createApplicationService, type LogoCheck } from './features/applications/service.js';
import { createRevenueService } from './features/revenue/service.js';
import { registrationRoutes } from './features/registration/routes.js';
import { siteRoutes } from './features/site/routes.js';
import { createMailTransport, type MailTransport } from './adapters/mail/index.js';
import { createPaymentProvider, takesRealMoney } from './adapters/payments/index.js';
import { createStorage, storageOrigins } from './adapters/storage/index.js';
import { createUploadCleanup } from './features/uploads/cleanup.js';
import { uploadFileRoutes, uploadRoutes } from './features/uploads/routes.js';
import { createUploadService } from './features/uploads/service.js';
import type { MailSettings } from './features/notifications/messages.js';
import type { PlacesProvider } from './adapters/places/types.js';
import type { SocialProfile } from '../contract/businesses/businesses.js';
import { leadRoutes } from './features/leads/routes.js';
import { createLeadService } from './features/leads/service.js';
import { socialProfileFinder } from './features/leads/social.js';
import { websiteCheckRoutes } from './features/leads/website-check-routes.js';
import { createWebsiteCheckService } from './features/leads/website-check-service.js';
import {
  createSafeFetcher,
  websiteAddressPolicy,
  type SiteFetcher,
} from './adapters/website/safe-fetch.js';
import type { InvestorSource } from './adapters/investors/types.js';
import { createInvestorSource } from './adapters/investors/index.js';
import { discoveredFromCsv } from './features/investors/csv.js';
import { investorRoutes } from './features/investors/routes.js';
import { createInvestorService } from './features/investors/service.js';
import { createOutboxWorker } from './features/notifications/outbox.js';
import { outboxRoutes } from './features/notifications/routes.js';
import { createOutboxReader } from './features/notifications/service.js';
import { paymentRoutes } from './features/payments/routes.js';
import { createWebhookVersionWatch } from './features/payments/webhook-version.js';
import { accountRoutes, createAccountService } from './features/account/index.js';
import { createPaymentsService } from './features/payments/service.js';
import { createBillingService } from './features/billing/index.js';
import { createBillingJob } from './features/billing/job.js';
import { createDigestJob, createDigestSettings } from './features/leads/digest.js';
import { createProspectLookup } from './features/leads/prospects.js';
import { billingClockRoutes } from './features/billing/routes.js';
import { registerErrorHandling } from './http/errors.js';
import { emailOrigin } from './http/host.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerSecurity } from './http/security.js';
import { inlineScriptHashes, inlineStyleHashes } from './http/shell.js';
import { registerWeb } from './http/web.js';
import { serverTimeoutOptions, type HttpTimeouts } from './http/timeouts.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** The built front end; when missing (tests, `npm run dev`) only the API is served. */
  /** The built front end; `ssrEntry` (dist/ssr/entry-server.js) renders the public pages on the server. */
  web?: {
    webDir: string;
    shellFile: string;
    ssrEntry?: string;
    renderBudget?: { burst: number; perMinute: number };
  };
  /** pino instance; no logging when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** One log line per request (method, url, status, time); errors are always logged. */
  logRequests?: boolean;
  /** Registrations per client address per minute. */
  registrationRateLimit?: number;
  /** Payment creations and test-card attempts per client address per minute. */
  paymentRateLimit?: number;
  /** Billing sign-in link requests and redemptions per client address per minute. */
  accountRateLimit?: number;
  /** Tests: given each billing link request's work done after answering (token, e-mail), to await it. */
  onAccountLinkWork?: (work: Promise<void>) => void;
  /** Where e-mails go; from `SMTP_URL` (or the log) when omitted. */
  mailTransport?: MailTransport;
  /** Employee sign-in; built from the config when omitted (tests pass one with other limits). */
  auth?: Auth;
  /** Counters shared by every instance (rate limits, sign-in attempts, used codes); from REDIS_URL or the database when omitted. */
  counters?: CounterStore;
  /** Where lead search finds places; from PLACES_PROVIDER when omitted (tests pass fakes). */
  placesProvider?: PlacesProvider;
  /** Reads a website's social links for a lead; a safe fetch of the real site when omitted. */
  findSocialProfiles?: (website: string) => Promise<SocialProfile[]>;
  /** Website checks per client address per minute. */
  websiteCheckRateLimit?: number;
  /** Reads homepages for the website check; the safe fetch of real sites when omitted (tests pass fakes). */
  websiteFetcher?: SiteFetcher;
  /** Where 'Auto-Discover Investors' looks; from INVESTOR_SOURCE when omitted (tests pass fakes). */
  investorSource?: InvestorSource;
  /** Deliver queued e-mails in the background (the server does; tests drain by hand). */
  startWorkers?: boolean;
  /** Bounds on slow clients; the defaults of http/timeouts.ts when omitted (tests pass short ones). */
  httpTimeouts?: Partial<HttpTimeouts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** `permission`: what the route needs beyond a signed-in employee ('billing'), as it declares it. */
    routeTable: { method: string; url: string; permission?: string }[];
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole app from its features, without listening (tests inject requests). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...(options.logger
      ? {
          loggerInstance: options.logger,
          // A pino child per request (to bind its id) halved this app's throughput; requests
          // log through the root logger and name their id where they log (docs/decisions/002).
          childLoggerFactory: (logger: FastifyBaseLogger) => logger,
        }
      : { logger: false }),
    bodyLimit: JSON_BODY_LIMIT,
    ...serverTimeoutOptions(options.httpTimeouts),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Fastify's own request logging writes two lines per request and cost a third of the
    // throughput; `logRequests` writes one line instead (docs/decisions/002).
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (options.logRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          reqId: request.id,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }

  // Every route the app registers, for the test that checks each non-public one needs sign-in.
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, ...(permission ? { permission } : {}) });
  });

  registerErrorHandling(app);
  // Before every route: characters PostgreSQL cannot store are refused with a 400 naming the field.
  registerInputGuard(app);
  const storage = createStorage(config);
  const counters =
    options.counters ??
    createCounterStore(config, database.db, {
      onError: (error) => app.log.warn({ err: error }, 'Redis connection problem'),
      onSwitch: (to, error) =>
        to === 'postgres'
          ? app.log.error(
              { err: error },
              'Redis is unreachable: shared counters (rate limits, sign-in attempts) are kept in the database until it answers',
            )
          : app.log.info('Redis answers again: shared counters are kept in Redis'),
    });
  if (!options.counters) app.addHook('onClose', () => counters.close());
  const https = config.site.publicUrl?.startsWith('https://') ?? false;
  const shell =
    options.web && fs.existsSync(options.web.shellFile)
      ? fs.readFileSync(options.web.shellFile, 'utf8')
      : undefined;
  const scriptHashes = shell ? inlineScriptHashes(shell) : [];
  const styleHashes = shell ? inlineStyleHashes(shell) : [];
  await registerSecurity(app, {
    httpsOnly: https,
    stripe: Boolean(config.stripe),
    storage: storageOrigins(config),
    counters,
    scriptHashes,
    styleHashes,
  });

  const stripeWebhooks = createWebhookVersionWatch();
  await app.register(healthRoutes, {
    database,
    counters: () => counterStoreInUse(counters),
    ...(config.stripe ? { stripeWebhooks: stripeWebhooks.state } : {}),
  });
  const auth =
    options.auth ??
    createAuth({
      db: database.db,
      config,
      secret: await authSecret(database.db, config.authSecret),
      counters,
    });
  app.decorate('auth', auth);
  registerSameOriginWrites(app, config.site.publicUrl);
  const activity = createActivityLog(database.db);
  const limits = createSignInLimits({
    counters,
    secret: async () => (await auth.$context).secret,
    secureCookies: https,
  });
  await app.register(authRoutes, { auth, activity, oidc: config.oidc, counters, limits });
  const catalogue = createPlanCatalogue(database.db);
  // Absolute links in pages, robots.txt and the sitemap: PUBLIC_URL, an allowed host, or localhost (docs/decisions/022).
  const siteOrigin = {
    publicUrl: config.site.publicUrl,
    allowedHosts: config.site.allowedHosts,
    port: config.port,
  };
  await app.register(siteRoutes, {
    origin: siteOrigin,
    plans: async () => JSON.parse(await catalogue.json()) as SubscriptionPlan[],
  });
  await app.register(planRoutes, { catalogue });
  const showcase = createPortfolioShowcase(database.db);
  await app.register(portfolioRoutes, { showcase });
  const mail: MailSettings = {
    siteName: config.site.name,
    supportEmail: config.site.supportEmail,
    teamEmail: config.mail.teamEmail,
  };
  const outbox = createOutboxWorker({
    db: database.db,
    transport:
      options.mailTransport ?? createMailTransport(config.mail, app.log, { public: https }),
    log: app.log,
  });
  if (options.startWorkers) outbox.start();
  app.addHook('onClose', () => outbox.stop());
  const uploads = createUploadService({
    db: database.db,
    storage,
    publicBase: config.site.publicUrl,
  });
  await app.register(uploadFileRoutes, { uploads });
  const uploadCleanup = createUploadCleanup({ db: database.db, storage, log: app.log });
  if (options.startWorkers) uploadCleanup.start();
  app.addHook('onClose', () => uploadCleanup.stop());
  const mailQueued = () => outbox.nudge();

  await app.register(registrationRoutes, {
    db: database.db,
    mail,
    mailQueued,
    publicUrl: config.site.publicUrl,
    port: config.port,
    rateLimitPerMinute: options.registrationRateLimit ?? 10,
  });
  // Test mode's billing engine (docs/product.md §9): with Stripe keys it neither bills nor has a clock.
  const testMode = !config.stripe;
  const paymentProvider = createPaymentProvider(config);
  const billing = createBillingService({
    db: database.db,
    mail,
    mailQueued,
    log: app.log,
    testMode,
    provider: paymentProvider,
    publicOrigin: () => emailOrigin(config.site.publicUrl, config.port),
  });
  const billingJob = createBillingJob({ db: database.db, billing, log: app.log, testMode });
  if (options.startWorkers) billingJob.start();
  app.addHook('onClose', () => billingJob.stop());
  const payments = createPaymentsService({
    db: database.db,
    provider: paymentProvider,
    mail,
    log: app.log,
    mailQueued,
    ...(testMode
      ? { billingNow: () => billing.clock.now() }
      : { onSubscriptionNews: billing.subscriptionNews }),
  });
  await app.register(paymentRoutes, {
    payments,
    rateLimitPerMinute: options.paymentRateLimit ?? 20,
    webhookVersion: stripeWebhooks,
  });
  // The client's billing page: its own session (an e-mailed link), not the employee guard.
  await app.register(accountRoutes, {
    account: createAccountService({ db: database.db, mail }),
    billing,
    publicUrl: config.site.publicUrl,
    port: config.port,
    secureCookies: https,
    rateLimitPerMinute: options.accountRateLimit ?? 5,
    ...(options.onAccountLinkWork ? { onLinkWork: options.onAccountLinkWork } : {}),
  });

  // The admin API: every route below answers 401 without a signed-in employee.
  const employeeOnly: EmployeeGuard = {
    lookupEmployee: (request) => currentEmployee(auth, request),
    activity,
  };
  await registerEmployeeOnly(app, employeeOnly, activityRoutes, { activity });
  await registerEmployeeOnly(app, employeeOnly, employeeRoutes, {
    employees: createEmployeeService(auth, database.db),
  });
  const places = options.placesProvider ?? createPlacesProvider(config, database.db);
  // A logo URL is saved only when it is one of our finished uploads (S3: checked and re-encoded).
  const checkLogo: LogoCheck = (url) => uploads.confirmUpload(url);
  const revenue = createRevenueService(database.db, config.timeZone, {
    livemode: takesRealMoney(config),
  });
  await registerEmployeeOnly(app, employeeOnly, applicationRoutes, {
    applications: createApplicationService(database.db, revenue, checkLogo),
    revenue,
  });
  await registerEmployeeOnly(app, employeeOnly, portfolioAdminRoutes, {
    portfolio: createPortfolioService(database.db, checkLogo),
    showcase,
  });
  await registerEmployeeOnly(app, employeeOnly, planAdminRoutes, { db: database.db, catalogue });
  const investorSource = options.investorSource ?? createInvestorSource(config, discoveredFromCsv);
  await registerEmployeeOnly(app, employeeOnly, investorRoutes, {
    investors: createInvestorService(database.db, investorSource),
  });
  const findProfiles =
    options.findSocialProfiles ??
    socialProfileFinder(config.userAgent, websiteAddressPolicy(config.websiteFetchAllowsLoopback));
  const leadService = createLeadService(database.db, findProfiles, { timeZone: config.timeZone });
  await registerEmployeeOnly(app, employeeOnly, leadRoutes, {
    leads: leadService,
    digests: createDigestSettings(database.db),
  });
  const digestJob = createDigestJob({
    db: database.db,
    timeZone: config.timeZone,
    siteName: config.site.name,
    leadsUrl: `${emailOrigin(config.site.publicUrl, config.port)}/admin?view=leads&due=today`,
    log: app.log,
    mailQueued,
  });
  if (options.startWorkers) digestJob.start();
  app.addHook('onClose', () => digestJob.stop());
  const prospects = createProspectLookup(database.db);
  const siteFetcher =
    options.websiteFetcher ??
    createSafeFetcher({
      userAgent: config.userAgent,
      isAllowedAddress: websiteAddressPolicy(config.websiteFetchAllowsLoopback),
    });
  await registerEmployeeOnly(app, employeeOnly, websiteCheckRoutes, {
    checks: createWebsiteCheckService({
      db: database.db,
      fetcher: siteFetcher,
      userAgent: config.userAgent,
    }),
    rateLimitPerMinute: options.websiteCheckRateLimit ?? 60,
  });
  await registerEmployeeOnly(app, employeeOnly, businessRoutes, {
    search: createBusinessSearch({
      provider: places,
      defaultLocation: config.places.defaultLocation,
      annotate: (results) => prospects.annotate(results),
    }),
  });
  await registerEmployeeOnly(app, employeeOnly, clientRoutes, {
    clients: createClientService(database.db),
  });
  await registerEmployeeOnly(app, employeeOnly, clientBillingRoutes, { billing });
  await registerEmployeeOnly(app, employeeOnly, uploadRoutes, { uploads });
  await registerEmployeeOnly(app, employeeOnly, outboxRoutes, {
    outbox: createOutboxReader(database.db),
  });
  await registerEmployeeOnly(app, employeeOnly, billingClockRoutes, { billing, testMode });

  if (options.web && fs.existsSync(options.web.shellFile)) {
    const { ssrEntry, ...web } = options.web;
    // Public pages are rendered with the plans and the portfolio (both cached a few seconds, cleared by a write here).
    const pageData = async () => {
      const [plans, portfolio] = await Promise.all([catalogue.serialised(), showcase.serialised()]);
      return {
        version: `${plans.etag}${portfolio.etag}`,
        json: `{${JSON.stringify(listPlans.path)}:${plans.json},${JSON.stringify(listPortfolio.path)}:${portfolio.json}}`,
      };
    };
    await app.register(registerWeb, {
      ...web,
      site: config.site,
      origin: siteOrigin,
      plans: () => catalogue.serialised(),
      ...(ssrEntry ? { ssr: { entryFile: ssrEntry, data: pageData } } : {}),
    });
  }
  return app;
}
