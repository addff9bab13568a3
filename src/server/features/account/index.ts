/** The client's billing page: sign-in by an e-mailed one-time link, then the billing engine's actions. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { accountRoutes } from './routes.js';
import { createAccountService } from './service.js';

export {
  ACCOUNT_COOKIE,
  SECURE_ACCOUNT_COOKIE,
  accountSessionHook,
  accountSessionReader,
} from './routes.js';
export { createAccountService, type AccountService } from './service.js';

/** Its own session (an e-mailed link), not the employee guard. */
export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const onLinkWork = ctx.options.onAccountLinkWork;
  await app.register(accountRoutes, {
    account: createAccountService({ db: ctx.db, mail: ctx.mail }),
    billing: ctx.services.billing,
    publicUrl: ctx.config.site.publicUrl,
    port: ctx.config.port,
    secureCookies: ctx.https,
    rateLimitPerMinute: ctx.options.accountRateLimit ?? 5,
    ...(onLinkWork ? { onLinkWork } : {}),
  });
}
