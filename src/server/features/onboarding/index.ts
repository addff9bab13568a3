/** The client's onboarding ('Tell us about your business' on the billing page) and the team's view of it. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { ACCOUNT_COOKIE, createAccountService, SECURE_ACCOUNT_COOKIE } from '../account/index.js';
import { clientOnboardingRoutes, employeeOnboardingRoutes } from './routes.js';
import { createOnboardingService } from './service.js';

export { createOnboardingService, type OnboardingService } from './service.js';

/** The billing session's cookie, as the account feature sets it (Secure `__Host-` over https). */
function sessionReader(name: string): (request: FastifyRequest) => string | null {
  const pattern = new RegExp(
    `(?:^|;\\s*)${name.replaceAll('.', '\\.')}=([A-Za-z0-9_-]{1,100})(?:;|$)`,
  );
  return (request) => pattern.exec(request.headers.cookie ?? '')?.[1] ?? null;
}

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const onboarding = createOnboardingService({
    db: ctx.db,
    uploads: ctx.services.uploads,
    activity: ctx.services.activity,
    mail: ctx.mail,
    mailQueued: ctx.services.mailQueued,
    emailOrigin: ctx.emailOrigin,
  });
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  const session = sessionReader(ctx.https ? SECURE_ACCOUNT_COOKIE : ACCOUNT_COOKIE);
  await app.register(clientOnboardingRoutes, {
    onboarding,
    clientOf: async (request) => {
      const token = session(request);
      return token ? account.registrationOfSession(token) : null;
    },
    uploadsPerMinute: 30,
  });
  await ctx.employeeOnly(employeeOnboardingRoutes, { onboarding });
}
