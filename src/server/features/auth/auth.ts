import crypto from 'node:crypto';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from '../../adapters/shared-state/types.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import * as authTables from '../../db/auth-schema.js';
import { appMeta } from '../../db/schema.js';
import { authSchemaOptions } from './options.js';
import { previousSecretsPlugin, versionedSecrets } from './secrets.js';

/** Per-address sign-in attempts per minute (Better Auth's limiter; 429 past it). */
export const SIGN_IN_LIMIT_PER_MINUTE = 5;
/** Set by the Fastify bridge from `request.ip`; any copy the client sent is replaced. */
export const CLIENT_IP_HEADER = 'x-agency-client-ip';

/** The provider id of OpenID Connect single sign-on. */
export const SSO_PROVIDER_ID = 'sso';
/**
 * Where the identity provider sends the browser back, under /api/auth: the redirect URI to
 * register there is `<origin>/api/auth/oauth2/callback/sso`. Better Auth 1.7 serves provider
 * callbacks at /callback/:id, so the bridge forwards this path to that endpoint.
 */
export const SSO_CALLBACK_PATH = `/oauth2/callback/${SSO_PROVIDER_ID}`;
export const DISABLED_ACCOUNT_MESSAGE =
  'This account is disabled. Ask an owner to turn it back on.';

export function emailDomainAllowed(email: unknown, domains: string[]): boolean {
  if (typeof email !== 'string') return false;
  const at = email.lastIndexOf('@');
  return (
    at > 0 &&
    domains.includes(
      email
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    )
  );
}

/**
 * Checks a provider's identity where Better Auth creates a user or a session for it (hooks see
 * route patterns). The redirect flow ends at /callback/:id. `/sign-in/social` given a bare ID
 * token also signs in, reachable by anyone through the bridge, without PKCE, a required nonce or
 * our activity log; employees never need it, so it is refused.
 */
function assertSsoSignIn(
  oidc: Config['oidc'],
  path: string | undefined,
  email: unknown,
  verified: unknown,
): void {
  if (path === '/sign-in/social')
    throw new APIError('FORBIDDEN', {
      message: 'Please sign in through the sign-in page.',
      code: 'id_token_sign_in_refused',
    });
  if (path?.startsWith('/callback/')) assertSsoAllowed(oidc, email, verified);
}

function assertSsoAllowed(oidc: Config['oidc'], email: unknown, verified: unknown): void {
  if (!oidc || !emailDomainAllowed(email, oidc.allowedDomains)) {
    throw new APIError('FORBIDDEN', {
      message: 'Only employees of the agency can sign in here.',
      code: 'domain_not_allowed',
    });
  }
  if (verified !== true)
    throw new APIError('FORBIDDEN', {
      message: 'Your e-mail address is not verified.',
      code: 'email_not_verified',
    });
}

/** The OpenID Connect provider: discovery, authorization code with PKCE, userinfo or ID token. */
function ssoPlugin(oidc: NonNullable<Config['oidc']>) {
  const plugin = genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: oidc.name,
        discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Without the provider's issuer and keys no ID token is trusted (no silent unverified decoding).
        requireIdTokenVerification: true,
        // OpenID Connect names it email_verified; an address the provider has not verified proves nothing.
        mapProfileToUser: (profile) => ({
          emailVerified: profile.email_verified === true || profile.email_verified === 'true',
          name:
            typeof profile.name === 'string' && profile.name
              ? profile.name
              : String(profile.email ?? ''),
        }),
      },
    ],
  });
  // The generic plugin has no setting for the callback path, and builds its provider from
  // discovery at start-up or, when the identity provider was unreachable then, on a later
  // request; this hook runs after the plugin's own, so every request sees our path.
  const useOurCallbackPath = createAuthMiddleware(async (ctx) => {
    for (const provider of ctx.context.socialProviders) {
      if (provider.id === SSO_PROVIDER_ID) provider.callbackPath = SSO_CALLBACK_PATH;
    }
  });
  return {
    ...plugin,
    hooks: {
      before: [...plugin.hooks.before, { matcher: () => true, handler: useOurCallbackPath }],
    },
  };
}

/**
 * The signing secret: `AUTH_SECRET` when set (several instances must share one), else one made
 * at first start and kept in the database, so sessions survive a restart.
 */
export async function authSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = crypto.randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: 'auth.secret', value: fresh }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, 'auth.secret'));
  return row!.value;
}

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/** Better Auth's own per-address limits on the shared counters, so they hold across instances. */
function sharedRateLimitStorage(counters: CounterStore): RateLimitStorage {
  return {
    async consume(key, rule) {
      // Better Auth's key is the address and the path: a visitor chooses its length, so the
      // counter is named by its hash (a 232 KB path broke the database's index limit: a 500).
      const name = crypto.createHash('sha256').update(key).digest('base64url');
      const { count, msLeft } = await counters.hit(`auth:${name}`, rule.window * 1000);
      return count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
    },
  };
}

/**
 * Better Auth's messages as JSON log lines like every other: warnings too (a failed sign-in says
 * why), an Error among its arguments as `err`, the rest as `details`.
 */
function betterAuthLogger(log: FastifyBaseLogger): NonNullable<BetterAuthOptions['logger']> {
  return {
    level: 'warn',
    disableColors: true,
    log(level, message, ...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      const details = args.filter((a) => a !== err);
      log[level](
        {
          component: 'better-auth',
          ...(err ? { err } : {}),
          ...(details.length > 0 ? { details } : {}),
        },
        message,
      );
    },
  };
}

export function createAuth(options: {
  db: Db;
  config: Config;
  secret: string;
  signInLimitPerMinute?: number;
  counters?: CounterStore;
  /** Where Better Auth's own messages go (the server's pino logger); its coloured console lines otherwise. */
  log?: FastifyBaseLogger;
}) {
  const { config } = options;
  const https = config.site.publicUrl?.startsWith('https://') ?? false;
  return betterAuth({
    ...authSchemaOptions,
    appName: config.site.name,
    ...(config.site.publicUrl ? { baseURL: config.site.publicUrl } : {}),
    // The current secret signs; previous ones still verify and decrypt (./secrets.ts). `secret`
    // stays the current one: Better Auth decrypts data from before versioned secrets with it.
    secret: options.secret,
    secrets: versionedSecrets(options.secret, config.previousAuthSecrets),
    database: drizzleAdapter(options.db, { provider: 'pg', schema: authTables }),
    telemetry: { enabled: false },
    logger: options.log ? betterAuthLogger(options.log) : { level: 'error' },
    advanced: {
      cookiePrefix: 'agency',
      // Secure when the site is served over HTTPS (a local `npm start` on http://localhost must work).
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The bridge writes Fastify's idea of the client address here (it honours TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      previousSecretsPlugin(options.secret, config.previousAuthSecrets),
      ...authSchemaOptions.plugins,
      ...(config.oidc ? [ssoPlugin(config.oidc)] : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // Single sign-on creates accounts only for verified addresses of the allowed domains, and
          // with the least access: staff without the billing permission, whatever the provider sent
          // (an owner grants more in settings; docs/decisions/023).
          before: async (user, ctx) => {
            assertSsoSignIn(config.oidc, ctx?.path, user.email, user.emailVerified);
            if (ctx?.path?.startsWith('/callback/'))
              return { data: { ...user, role: 'staff', billing: false, disabled: false } };
          },
        },
      },
      session: {
        create: {
          // A disabled employee gets no session, whichever way they sign in; single sign-on
          // checks the domain again on every sign-in (an account may have been linked before).
          before: async (session, ctx) => {
            const [row] = await options.db
              .select({ disabled: authTables.user.disabled, email: authTables.user.email })
              .from(authTables.user)
              .where(eq(authTables.user.id, session.userId));
            // The code makes Better Auth's callback redirect to the sign-in page instead of answering JSON.
            if (row?.disabled)
              throw new APIError('FORBIDDEN', {
                message: DISABLED_ACCOUNT_MESSAGE,
                code: 'account_disabled',
              });
            assertSsoSignIn(config.oidc, ctx?.path, row?.email, true);
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': {
          window: 60,
          max: options.signInLimitPerMinute ?? SIGN_IN_LIMIT_PER_MINUTE,
        },
      },
      // Without counters (the admin:create command) nothing is signed in, so memory is enough.
      ...(options.counters ? { customStorage: sharedRateLimitStorage(options.counters) } : {}),
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
