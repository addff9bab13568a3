/** Employee accounts and sessions, for the features that manage employees. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { authRoutes } from './routes.js';
import { createSignInLimits } from './sign-in-limits.js';

export type { Auth } from './auth.js';
export { authSecret, createAuth } from './auth.js';
export { createOrResetEmployee } from './employees.js';
export { passwordProblem } from './passwords.js';
export { currentEmployee } from './session.js';

/** Sign-in, sign-out, two-factor and SSO (public: they are how an employee gets a session). */
export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { auth, activity } = ctx.services;
  const limits = createSignInLimits({
    counters: ctx.counters,
    secret: async () => (await auth.$context).secret,
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
