/** The client's onboarding ('Tell us about your business' on the billing page) and the team's view of it. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { accountSessionHook, createAccountService } from '../account/index.js';
import { clientOnboardingRoutes, employeeOnboardingRoutes } from './routes.js';
import { createOnboardingService } from './service.js';

export { createOnboardingService, type OnboardingService } from './service.js';

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
  await app.register(clientOnboardingRoutes, {
    onboarding,
    clientSession: accountSessionHook(account, ctx.https),
    uploadsPerMinute: 30,
  });
  await ctx.employeeOnly(employeeOnboardingRoutes, { onboarding });
}
