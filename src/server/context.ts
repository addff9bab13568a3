import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { SocialProfile } from '../contract/businesses/businesses.js';
import type { InvestorSource } from './adapters/investors/types.js';
import { createMailTransport, type MailTransport } from './adapters/mail/index.js';
import { createPaymentProvider, type PaymentProvider } from './adapters/payments/index.js';
import type { PlacesProvider } from './adapters/places/types.js';
import { createCounterStore, type CounterStore } from './adapters/shared-state/index.js';
import { createStorage, type Storage } from './adapters/storage/index.js';
import type { SiteFetcher } from './adapters/website/safe-fetch.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { registerEmployeeOnly, type EmployeeGuard } from './http/guard.js';
import { emailOrigin, type OriginRule } from './http/host.js';
import type { JobRegistry } from './lib/jobs.js';
import { createActivityLog, type ActivityLog } from './features/activity/index.js';
import {
  authSecret,
  createAuth,
  currentEmployee,
  reencryptAfterRotation,
  type Auth,
} from './features/auth/index.js';
import { createBillingService, type BillingService } from './features/billing/index.js';
import {
  createOutboxWorker,
  type MailSettings,
  type OutboxWorker,
} from './features/notifications/index.js';
import { createMetrics, type Metrics } from './features/metrics/index.js';
import { createWebhookVersionWatch, type WebhookVersionWatch } from './features/payments/index.js';
import { createPlanCatalogue, type PlanCatalogue } from './features/plans/index.js';
import { createPortfolioShowcase, type PortfolioShowcase } from './features/portfolio/index.js';
import { createFaqCatalogue, type FaqCatalogue } from './features/faq/index.js';
import { createUploadService, type UploadService } from './features/uploads/index.js';

/** What tests and the server may set for the features; the rest comes from the config. */
export interface FeatureOptions {
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
  /** Better Auth's sign-in attempts per address per minute, for the sign-in built here (tests raise it). */
  signInLimitPerMinute?: number;
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
}

/** The services several features use, built once per app (tests reach them as `app.services`). */
export interface SharedServices {
  auth: Auth;
  activity: ActivityLog;
  catalogue: PlanCatalogue;
  showcase: PortfolioShowcase;
  /** The landing page's FAQ (cached like the plans). */
  faq: FaqCatalogue;
  storage: Storage;
  uploads: UploadService;
  /** Delivers the outbox (a background job of the notifications feature). */
  outbox: OutboxWorker;
  /** Wakes the outbox after a feature queued an e-mail. */
  mailQueued: () => void;
  /** Test mode's billing engine (docs/product.md §9): with Stripe keys it neither bills nor has a clock. */
  testMode: boolean;
  paymentProvider: PaymentProvider;
  billing: BillingService;
  stripeWebhooks: WebhookVersionWatch;
  /** The app's Prometheus registry and what features record into it (a no-op without METRICS_*). */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    services: SharedServices;
  }
}

/** What every feature's `register` gets: the settings, the shared services and the employee guard. */
export interface FeatureContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  mail: MailSettings;
  counters: CounterStore;
  /** PUBLIC_URL is https: secure cookies, and mail that may carry secrets. */
  https: boolean;
  /** Absolute links in pages, robots.txt and the sitemap: PUBLIC_URL, an allowed host, or localhost (docs/decisions/022). */
  siteOrigin: OriginRule;
  /** Absolute origin for links in e-mails. */
  emailOrigin: string;
  options: FeatureOptions;
  services: SharedServices;
  /** Where a feature declares its background jobs; the app starts and stops them. */
  jobs: JobRegistry;
  /** Registers `plugin` behind the admin guard: 401 without a signed-in employee, writes logged. */
  employeeOnly<O extends object>(plugin: FastifyPluginAsync<O>, options: O): Promise<void>;
}

/** A server feature, as its index.ts exports it. */
export interface Feature {
  register(app: FastifyInstance, ctx: FeatureContext): Promise<void>;
}

/** Builds the context once: the counters (unless given), the shared services and the guard. */
export async function createFeatureContext(
  app: FastifyInstance,
  settings: FeatureOptions & { config: Config; database: Database; jobs: JobRegistry },
): Promise<FeatureContext> {
  const { config, database, jobs, ...options } = settings;
  const db = database.db;
  const https = config.site.publicUrl?.startsWith('https://') ?? false;
  const counters = options.counters ?? createCounters(app, config, db);
  if (!options.counters) app.addHook('onClose', () => counters.close());
  const auth =
    options.auth ??
    createAuth({
      db,
      config,
      secret: await authSecret(db, config.authSecret),
      counters,
      log: app.log,
      ...(options.signInLimitPerMinute
        ? { signInLimitPerMinute: options.signInLimitPerMinute }
        : {}),
    });
  if (!options.auth) await reencryptAfterRotation(app, db, auth);
  const publicOrigin = emailOrigin(config.site.publicUrl, config.port);
  const mail: MailSettings = {
    siteName: config.site.name,
    supportEmail: config.site.supportEmail,
    teamEmail: config.mail.teamEmail,
    siteUrl: publicOrigin,
  };
  const outbox = createOutboxWorker({
    db,
    transport:
      options.mailTransport ?? createMailTransport(config.mail, app.log, { public: https }),
    log: app.log,
  });
  jobs.add('outbox delivery', outbox);
  const mailQueued = () => outbox.nudge();
  const testMode = !config.stripe;
  const paymentProvider = createPaymentProvider(config);
  const storage = createStorage(config);
  const activity = createActivityLog(db);
  const services: SharedServices = {
    auth,
    activity,
    catalogue: createPlanCatalogue(db),
    showcase: createPortfolioShowcase(db),
    faq: createFaqCatalogue(db),
    storage,
    uploads: createUploadService({ db, storage }),
    outbox,
    mailQueued,
    testMode,
    paymentProvider,
    billing: createBillingService({
      db,
      mail,
      mailQueued,
      log: app.log,
      testMode,
      provider: paymentProvider,
      publicOrigin: () => publicOrigin,
    }),
    stripeWebhooks: createWebhookVersionWatch(),
    metrics: createMetrics(config),
  };
  // The admin API's guard: who is signed in (the auth feature answers) and where writes are logged.
  const guard: EmployeeGuard = {
    lookupEmployee: (request) => currentEmployee(auth, request),
    activity,
  };
  return {
    config,
    database,
    db,
    log: app.log,
    mail,
    counters,
    https,
    siteOrigin: {
      publicUrl: config.site.publicUrl,
      allowedHosts: config.site.allowedHosts,
      port: config.port,
    },
    emailOrigin: publicOrigin,
    options,
    services,
    jobs,
    employeeOnly: (plugin, pluginOptions) =>
      registerEmployeeOnly(app, guard, plugin, pluginOptions),
  };
}

function createCounters(app: FastifyInstance, config: Config, db: Db): CounterStore {
  return createCounterStore(config, db, {
    onError: (error) => app.log.warn({ err: error }, 'Redis connection problem'),
    onSwitch: (to, error) =>
      to === 'postgres'
        ? app.log.error(
            { err: error },
            'Redis is unreachable: shared counters (rate limits, sign-in attempts) are kept in the database until it answers',
          )
        : app.log.info('Redis answers again: shared counters are kept in Redis'),
  });
}
