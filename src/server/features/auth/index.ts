/** Employee accounts and sessions, for the features that manage employees. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from './auth.js';
import type { FeatureContext } from '../../context.js';
import { authRoutes } from './routes.js';
import { acceptedSecrets, reencryptSecondFactors } from './secrets.js';
import { createSignInLimits } from './sign-in-limits.js';

export type { Auth };
export { authSecret, createAuth } from './auth.js';
export { createOrResetEmployee } from './employees.js';
export { passwordProblem } from './passwords.js';
export { currentEmployee } from './session.js';

/** Sign-in, sign-out, two-factor and SSO (public: they are how an employee gets a session). */
export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { auth, activity } = ctx.services;
  const limits = createSignInLimits({
    counters: ctx.counters,
    secrets: async () => acceptedSecrets(await auth.$context),
    secureCookies: ctx.https,
  });
  await app.register(authRoutes, {
    auth,
    activity,
    oidc: ctx.config.oidc,
    counters: ctx.counters,
    limits,
    publicUrl: ctx.config.site.publicUrl,
  });
}

/**
 * At start-up: second factors stored under a previous AUTH_SECRET (or before secrets were
 * versioned) are encrypted again under the current one (./secrets.ts).
 */
export async function reencryptAfterRotation(app: FastifyInstance, db: Db, auth: Auth) {
  const { rewritten, unreadable } = await reencryptSecondFactors(db, await auth.$context);
  if (rewritten > 0)
    app.log.info({ rewritten }, 'second factors encrypted again under the current AUTH_SECRET');
  if (unreadable > 0)
    app.log.warn(
      { unreadable },
      'second factors no accepted secret decrypts: add the secret they were made with to AUTH_SECRET_PREVIOUS, or those employees set up their authenticator app again',
    );
}
