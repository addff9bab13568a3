/** The consultation (issue 29 §2): availability, the client's booking, invitations and reminders. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { ACCOUNT_COOKIE, createAccountService, SECURE_ACCOUNT_COOKIE } from '../account/index.js';
import { createReminderJob } from './job.js';
import { consultationAdminRoutes, consultationClientRoutes } from './routes.js';
import { createConsultationService, type ConsultationDeps } from './service.js';

export { createConsultationService, type ConsultationService } from './service.js';

/**
 * `preferredHost`: the client's project manager (issue 29 §1), when the new-clients feature wires
 * it; until then the first free employee hosts.
 */
export function consultationService(
  ctx: FeatureContext,
  extra: Pick<ConsultationDeps, 'preferredHost' | 'onBooked' | 'now'> = {},
) {
  return createConsultationService({
    db: ctx.db,
    mail: ctx.mail,
    emailOrigin: ctx.emailOrigin,
    mailQueued: ctx.services.mailQueued,
    ...extra,
  });
}

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const consultations = consultationService(ctx);
  await ctx.employeeOnly(consultationAdminRoutes, { consultations });
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  await app.register(consultationClientRoutes, {
    consultations,
    cookieName: ctx.https ? SECURE_ACCOUNT_COOKIE : ACCOUNT_COOKIE,
    registrationOfSession: (token) => account.registrationOfSession(token),
  });
  ctx.jobs.add(
    'consultation reminders',
    createReminderJob({ consultations, log: ctx.log, db: ctx.db }),
  );
}
