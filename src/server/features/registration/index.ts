/** A business registers for a plan; the checkout link is e-mailed (a paying client gets a billing link instead). */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { createAccountService } from '../account/index.js';
import { registrationRoutes } from './routes.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await app.register(registrationRoutes, {
    db: ctx.db,
    mail: ctx.mail,
    account: createAccountService({ db: ctx.db, mail: ctx.mail }),
    mailQueued: ctx.services.mailQueued,
    publicUrl: ctx.config.site.publicUrl,
    port: ctx.config.port,
    secureCookies: ctx.https,
    rateLimitPerMinute: ctx.options.registrationRateLimit ?? 10,
  });
}
