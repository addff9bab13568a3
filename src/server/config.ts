import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isValidHost } from './http/host.js';
import {
  DEFAULT_SEARCH_LOCATION,
  DEFAULT_SITE_NAME,
  DEFAULT_SUPPORT_EMAIL,
} from '../contract/site/site.js';

const hostList = (v: string) =>
  v
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
const secretList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  // Loopback unless told otherwise: a server reachable only through the proxy in front of it (or
  // on this machine) cannot be reached around that proxy, with a forged X-Forwarded-For. The image
  // sets 0.0.0.0, where the compose network lets only the proxy in.
  HOST: z.preprocess(blankToUndefined, z.string().trim().min(1).default('127.0.0.1')),
  DATA_DIR: z.string().default('./data'),
  // Checked here, naming the variable: a URL of another database (mysql://) or one without a
  // scheme would otherwise fail later, inside the PostgreSQL client, with a message about something else.
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (v) => /^postgres(ql)?:\/\/./i.test(v) && URL.canParse(v),
        'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database (or unset, for the embedded database in DATA_DIR)',
      )
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  SITE_NAME: z.string().trim().min(1).default(DEFAULT_SITE_NAME),
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  PUBLIC_URL: z.preprocess(blankToUndefined, z.url().optional()),
  // Without PUBLIC_URL, the hosts a request may name for its own links (docs/decisions/022).
  ALLOWED_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .refine(
        (v) => hostList(v).every((h) => isValidHost(h)),
        'ALLOWED_HOSTS must be a comma-separated list of host names, each with its port when not 80/443 (e.g. agency.example.com,www.agency.example.com,localhost:5000)',
      ),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .default('false')
      .refine(
        (v) =>
          /^(true|false|\d{1,3})$/.test(v) || v.split(',').every((a) => isProxyAddress(a.trim())),
        'TRUST_PROXY must be true, false, a hop count such as 1, or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)',
      ),
  ),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .url()
      .refine(
        (u) => /^rediss?:$/.test(new URL(u).protocol),
        'REDIS_URL must start with redis:// or rediss://',
      )
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.preprocess(blankToUndefined, z.string().default('agency:')),
  LOG_REQUESTS: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  // Seconds between SIGTERM (readiness fails) and closing the listener; unset: 8 in production
  // (the Caddyfile's 5 s health interval + 3 s health timeout), 0 elsewhere.
  SHUTDOWN_DRAIN_DELAY_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('SHUTDOWN_DRAIN_DELAY_SECONDS must be a number of seconds, e.g. 8')
      .min(0)
      .max(300)
      .optional(),
  ),
  SEED_DEMO_DATA: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('true')),
  AUTH_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  ),
  // Secrets still accepted after a rotation (README › Rotating AUTH_SECRET), comma-separated.
  AUTH_SECRET_PREVIOUS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('')
      .refine(
        (v) => secretList(v).every((s) => s.length >= 32),
        'AUTH_SECRET_PREVIOUS must be a comma-separated list of former AUTH_SECRET values, each at least 32 characters',
      ),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.preprocess(blankToUndefined, z.url().optional()),
  ALLOW_TEST_PAYMENTS: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  TEAM_EMAIL: z.preprocess(blankToUndefined, z.email().optional()),
  MAIL_FROM: optionalText,
  SMTP_URL: z.preprocess(blankToUndefined, z.url().optional()),
  OIDC_ISSUER: z.preprocess(blankToUndefined, z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_ALLOWED_DOMAINS: optionalText,
  OIDC_NAME: z.preprocess(blankToUndefined, z.string().trim().default('single sign-on')),
  PLACES_PROVIDER: z.preprocess(
    blankToUndefined,
    z.enum(['directory', 'google', 'osm']).default('directory'),
  ),
  GOOGLE_PLACES_API_KEY: optionalText,
  GOOGLE_PLACES_API_BASE: z.preprocess(
    blankToUndefined,
    z.url().default('https://places.googleapis.com'),
  ),
  OVERPASS_URL: z.preprocess(
    blankToUndefined,
    z.url().default('https://overpass-api.de/api/interpreter'),
  ),
  NOMINATIM_URL: z.preprocess(
    blankToUndefined,
    z.url().default('https://nominatim.openstreetmap.org'),
  ),
  DEFAULT_LOCATION: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/,
        'DEFAULT_LOCATION must be "latitude,longitude", e.g. "29.4241,-98.4936"',
      )
      .default(`${DEFAULT_SEARCH_LOCATION.lat},${DEFAULT_SEARCH_LOCATION.lng}`),
  ),
  APP_TIMEZONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('America/Chicago')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'APP_TIMEZONE must be an IANA time zone such as America/Chicago'),
  ),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(blankToUndefined, z.url().optional()),
  S3_REGION: z.preprocess(blankToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: z.preprocess(blankToUndefined, z.url().optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  INVESTOR_SOURCE: z.preprocess(
    blankToUndefined,
    z.enum(['demo', 'wikidata', 'csv']).default('demo'),
  ),
  WIKIDATA_SPARQL_URL: z.preprocess(
    blankToUndefined,
    z.url().default('https://query.wikidata.org/sparql'),
  ),
  INVESTOR_CSV_PATH: optionalText,
  DEFAULT_LOCATION_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().default(DEFAULT_SEARCH_LOCATION.label),
  ),
  // Monitoring (README, Monitoring): /metrics behind a bearer token and/or on a port of its own.
  METRICS_TOKEN: z.preprocess(
    blankToUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  METRICS_PORT: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(blankToUndefined, z.url().optional()),
  OTEL_EXPORTER_OTLP_HEADERS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(
        (v) => v.split(',').every((pair) => /^\s*[^=\s]+\s*=/.test(pair)),
        'OTEL_EXPORTER_OTLP_HEADERS must be a comma-separated list of name=value pairs',
      )
      .optional(),
  ),
  OTEL_SERVICE_NAME: z.preprocess(blankToUndefined, z.string().trim().default('agency')),
  // Support (docs/decisions/041): inbound e-mail through a provider's webhook, chat notifications.
  INBOUND_MAIL_PROVIDER: z.preprocess(blankToUndefined, z.enum(['postmark', 'mailgun']).optional()),
  INBOUND_MAIL_SECRET: optionalText,
  INBOUND_MAIL_ADDRESS: z.preprocess(
    blankToUndefined,
    z
      .email(
        'INBOUND_MAIL_ADDRESS must be an e-mail address such as support@inbound.agency.example',
      )
      .optional(),
  ),
  CHAT_WEBHOOK_URL: z.preprocess(
    blankToUndefined,
    z
      .url('CHAT_WEBHOOK_URL must be the incoming webhook address (https://hooks.slack.com/…)')
      .optional(),
  ),
  CHAT_WEBHOOK_FORMAT: z.preprocess(blankToUndefined, z.enum(['slack', 'teams']).default('slack')),
  // Test-only: lets homepage fetches reach this machine (127.0.0.0/8, ::1) for the browser tests'
  // fake websites. Never other private ranges; refused with an https PUBLIC_URL (docs/decisions/020).
  WEBSITE_FETCH_ALLOW_LOOPBACK: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false']).default('false'),
  ),
});

/** An IPv4/IPv6 address, optionally with a CIDR prefix length (what Fastify's trustProxy list accepts). */
function isProxyAddress(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

const STRIPE_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;
const OIDC_KEYS = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_ALLOWED_DOMAINS',
] as const;

/** Settings that only work together: all or none, else start-up names what is missing. */
function allOrNone(
  e: Record<string, unknown>,
  keys: readonly string[],
  what: string,
  unsetHint: string,
): string | null {
  const set = keys.filter((k) => e[k]);
  if (set.length === 0 || set.length === keys.length) return null;
  return `${what} needs all of ${keys.join(', ')}; ${keys.filter((k) => !e[k]).join(', ')} missing (${unsetHint})`;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  /** Signs session cookies; made once and kept in the database when unset. */
  authSecret: string | undefined;
  /** Former secrets still accepted (cookies they signed, second factors they encrypted) after a rotation. */
  previousAuthSecrets: string[];
  /** `allowedHosts`: without PUBLIC_URL, the hosts (host[:port], lower case) a request may name for its links (ALLOWED_HOSTS). */
  site: {
    name: string;
    supportEmail: string;
    publicUrl: string | undefined;
    allowedHosts: string[];
  };
  logLevel: string;
  logRequests: boolean;
  /** How long SIGTERM keeps serving with /readyz failing, so a proxy's health check notices first. */
  shutdownDrainDelayMs: number;
  /** Fastify's trustProxy: all proxies (true), none, a hop count, or the proxies' addresses/CIDR ranges. */
  trustProxy: boolean | number | string[];
  /** Shared counters (rate limits, used codes) in Redis instead of PostgreSQL when set. */
  redis: { url: string; keyPrefix: string } | undefined;
  seedDemoData: boolean;
  /** Stripe's keys; undefined means test mode (no real charge). */
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string }
    | undefined;
  mail: { teamEmail: string; from: string; smtpUrl: string | undefined };
  /** OpenID Connect single sign-on; only e-mail addresses of `allowedDomains` get in. */
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string;
        allowedDomains: string[];
        name: string;
      }
    | undefined;
  places: {
    provider: 'directory' | 'google' | 'osm';
    googleApiKey: string | undefined;
    googleApiBase: string;
    overpassUrl: string;
    nominatimUrl: string;
    /** Where searches start when the browser gives no position and no place is typed. */
    defaultLocation: { lat: number; lng: number; label: string };
  };
  /** Identifies us to outside services (OpenStreetMap, Wikidata, fetched homepages), as their policies ask. */
  userAgent: string;
  /** Homepage fetches may reach loopback addresses (tests' fake websites only); private networks never. */
  websiteFetchAllowsLoopback: boolean;
  /** The agency's time zone: 'today' and 'this week' (from Monday) of the revenue figures. */
  timeZone: string;
  /** Logo storage: local disk under DATA_DIR, or an S3-compatible bucket. */
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        publicUrl?: string;
        forcePathStyle: boolean;
      };
  /**
   * The Prometheus endpoint: with `token`, GET /metrics on the main port asks for it as a bearer
   * token; with `port`, a second listener on `host` serves /metrics (the token too, when set).
   * Neither: /metrics answers 404 and nothing is counted.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** OpenTelemetry traces over OTLP/HTTP (`endpoint` + /v1/traces), only when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing: { endpoint: string; headers: Record<string, string>; serviceName: string } | undefined;
  /**
   * Support (docs/decisions/041): clients' e-mail replies arrive through the provider's inbound
   * webhook (off without it) at `address`, plus-addressed per request; urgent requests are also
   * posted to a Slack- or Teams-style incoming webhook when one is set.
   */
  support: {
    inbound: { provider: 'postmark' | 'mailgun'; secret: string; address: string } | undefined;
    chat: { webhookUrl: string | undefined; format: 'slack' | 'teams' };
  };
  /** Where 'Auto-Discover Investors' looks: the bundled demo file, Wikidata, or a CSV file. */
  investors: {
    source: 'demo' | 'wikidata' | 'csv';
    wikidataSparqlUrl: string;
    csvPath: string | undefined;
  };
}

/** A refused configuration: each problem, and the variables they name (main.ts logs them). */
export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    readonly variables: string[],
  ) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const namedVariables = (problems: string[]) =>
  Object.keys(envSchema.shape).filter((name) =>
    problems.some((p) => new RegExp(`\\b${name}\\b`).test(p)),
  );

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // The variables are the issues' own: a message may name another one as an example.
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(problems, variables.sort());
  }
  const e = parsed.data;
  const allowedDomains = (e.OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const [defaultLat, defaultLng] = e.DEFAULT_LOCATION.split(',').map((v) => Number(v.trim())) as [
    number,
    number,
  ];
  const problems = [
    allOrNone(e, STRIPE_KEYS, 'Stripe', 'unset them all for test mode'),
    // A public https site without Stripe would take fake card payments from real visitors.
    /^https:/i.test(e.PUBLIC_URL ?? '') &&
    STRIPE_KEYS.every((k) => !e[k]) &&
    e.ALLOW_TEST_PAYMENTS !== 'true'
      ? 'PUBLIC_URL is https:// but no Stripe keys are set, so checkout would run in test mode (no real charge): set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=true to run this site in test mode on purpose'
      : null,
    allOrNone(e, OIDC_KEYS, 'Single sign-on', 'unset them all for password sign-in only'),
    Math.abs(defaultLat) > 90 || Math.abs(defaultLng) > 180
      ? 'DEFAULT_LOCATION is out of range (latitude -90..90, longitude -180..180)'
      : null,
    e.INVESTOR_SOURCE === 'csv' && !e.INVESTOR_CSV_PATH
      ? 'INVESTOR_SOURCE=csv needs INVESTOR_CSV_PATH (the CSV file to discover from)'
      : null,
    e.PLACES_PROVIDER === 'google' && !e.GOOGLE_PLACES_API_KEY
      ? 'PLACES_PROVIDER=google needs GOOGLE_PLACES_API_KEY'
      : null,
    e.WEBSITE_FETCH_ALLOW_LOOPBACK === 'true' && /^https:/i.test(e.PUBLIC_URL ?? '')
      ? 'WEBSITE_FETCH_ALLOW_LOOPBACK=true is for tests only (it lets homepage fetches reach this machine) and is refused with an https PUBLIC_URL: unset it'
      : null,
    e.INBOUND_MAIL_PROVIDER && (!e.INBOUND_MAIL_SECRET || e.INBOUND_MAIL_SECRET.length < 16)
      ? `INBOUND_MAIL_PROVIDER=${e.INBOUND_MAIL_PROVIDER} needs INBOUND_MAIL_SECRET of at least 16 characters (${e.INBOUND_MAIL_PROVIDER === 'postmark' ? "the password in the inbound webhook URL's basic auth" : 'the webhook signing key'})`
      : null,
    e.INBOUND_MAIL_PROVIDER && !e.INBOUND_MAIL_ADDRESS
      ? `INBOUND_MAIL_PROVIDER=${e.INBOUND_MAIL_PROVIDER} needs INBOUND_MAIL_ADDRESS (the address the provider receives mail at)`
      : null,
    e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT
      ? 'METRICS_PORT must differ from PORT (it is a second listener that serves only /metrics)'
      : null,
    e.OIDC_ALLOWED_DOMAINS && allowedDomains.length === 0
      ? 'OIDC_ALLOWED_DOMAINS lists no domain (example: agency.example,partner.example)'
      : null,
  ].filter((p) => p !== null);
  if (problems.length > 0) throw new ConfigError(problems, namedVariables(problems));

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    authSecret: e.AUTH_SECRET,
    previousAuthSecrets: secretList(e.AUTH_SECRET_PREVIOUS),
    site: {
      name: e.SITE_NAME,
      supportEmail: e.SUPPORT_EMAIL,
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      allowedHosts: hostList(e.ALLOWED_HOSTS),
    },
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS === 'true',
    shutdownDrainDelayMs:
      (e.SHUTDOWN_DRAIN_DELAY_SECONDS ?? (e.NODE_ENV === 'production' ? 8 : 0)) * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
          }
        : undefined,
    mail: {
      teamEmail: e.TEAM_EMAIL ?? e.SUPPORT_EMAIL,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/"/g, '')}" <${e.SUPPORT_EMAIL}>`,
      smtpUrl: e.SMTP_URL,
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && allowedDomains.length > 0
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            allowedDomains,
            name: e.OIDC_NAME,
          }
        : undefined,
    places: {
      provider: e.PLACES_PROVIDER,
      googleApiKey: e.GOOGLE_PLACES_API_KEY,
      googleApiBase: e.GOOGLE_PLACES_API_BASE.replace(/\/+$/, ''),
      overpassUrl: e.OVERPASS_URL,
      nominatimUrl: e.NOMINATIM_URL.replace(/\/+$/, ''),
      defaultLocation: { lat: defaultLat, lng: defaultLng, label: e.DEFAULT_LOCATION_NAME },
    },
    userAgent: `${e.SITE_NAME.replace(/[^\x20-\x7e]/g, '')} (${e.SUPPORT_EMAIL})`,
    websiteFetchAllowsLoopback: e.WEBSITE_FETCH_ALLOW_LOOPBACK === 'true',
    timeZone: e.APP_TIMEZONE,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          ...(e.S3_PUBLIC_URL ? { publicUrl: e.S3_PUBLIC_URL.replace(/\/+$/, '') } : {}),
        }
      : { kind: 'disk', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''),
          headers: otlpHeaders(e.OTEL_EXPORTER_OTLP_HEADERS ?? ''),
          serviceName: e.OTEL_SERVICE_NAME,
        }
      : undefined,
    support: {
      inbound:
        e.INBOUND_MAIL_PROVIDER && e.INBOUND_MAIL_SECRET && e.INBOUND_MAIL_ADDRESS
          ? {
              provider: e.INBOUND_MAIL_PROVIDER,
              secret: e.INBOUND_MAIL_SECRET,
              address: e.INBOUND_MAIL_ADDRESS.toLowerCase(),
            }
          : undefined,
      chat: { webhookUrl: e.CHAT_WEBHOOK_URL, format: e.CHAT_WEBHOOK_FORMAT },
    },
    investors: {
      source: e.INVESTOR_SOURCE,
      wikidataSparqlUrl: e.WIKIDATA_SPARQL_URL,
      csvPath: e.INVESTOR_CSV_PATH,
    },
  };
}

/** OTLP's header list, `name=value,name2=value2` with URL-encoded values (the OpenTelemetry convention). */
function otlpHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(at + 1).trim();
    try {
      headers[pair.slice(0, at).trim()] = decodeURIComponent(value);
    } catch {
      headers[pair.slice(0, at).trim()] = value;
    }
  }
  return headers;
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

/** Fastify's `trustProxy`: it takes a hop count at run time but not in its types, so a count becomes the same rule as a function. */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
