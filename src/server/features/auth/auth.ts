import crypto from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import * as authTables from '../../db/auth-schema.js';
import { appMeta } from '../../db/schema.js';
import { authSchemaOptions } from './options.js';

/** Per-address sign-in attempts per minute (Better Auth's limiter; 429 past it). */
export const SIGN_IN_LIMIT_PER_MINUTE = 5;
/** Set by the Fastify bridge from `request.ip`; any copy the client sent is replaced. */
export const CLIENT_IP_HEADER = 'x-agency-client-ip';

/**
 * The signing secret: `AUTH_SECRET` when set (several instances must share one), else one made
 * at first start and kept in the database, so sessions survive a restart.
 */
export async function authSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = crypto.randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: 'auth.secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'auth.secret'));
  return row!.value;
}

export function createAuth(options: { db: Db; config: Config; secret: string; signInLimitPerMinute?: number }) {
  const { config } = options;
  const https = config.site.publicUrl?.startsWith('https://') ?? false;
  return betterAuth({
    ...authSchemaOptions,
    appName: config.site.name,
    ...(config.site.publicUrl ? { baseURL: config.site.publicUrl } : {}),
    secret: options.secret,
    database: drizzleAdapter(options.db, { provider: 'pg', schema: authTables }),
    telemetry: { enabled: false },
    logger: { level: 'error' },
    advanced: {
      cookiePrefix: 'agency',
      // Secure when the site is served over HTTPS (a local `npm start` on http://localhost must work).
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The bridge writes Fastify's idea of the client address here (it honours TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: { '/sign-in/email': { window: 60, max: options.signInLimitPerMinute ?? SIGN_IN_LIMIT_PER_MINUTE } },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
