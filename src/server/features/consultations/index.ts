/** The consultation (issue 29 §2): availability, the client's booking, invitations and reminders. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { accountSessionHook, createAccountService } from '../account/index.js';
import { createProjectManagers } from '../kickoff/index.js';
import { createReminderJob } from './job.js';
import { consultationAdminRoutes, consultationClientRoutes } from './routes.js';
import { createConsultationService, type ConsultationDeps } from './service.js';

export { createConsultationService, type ConsultationService } from './service.js';

/**
 * `preferredHost`: the client's project manager (issue 29 §1) hosts when free; `onBooked` makes
 * the host the client's project manager when none is set, in the booking's transaction.
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
  const consultations = consultationService(ctx, {
    preferredHost: async (registrationId) =>
      (await createProjectManagers(ctx.db).projectManagerOf(registrationId))?.id ?? null,
    onBooked: async (tx, { registrationId, hostEmployeeId }) => {
      await createProjectManagers(tx).assignProjectManagerIfNone(registrationId, hostEmployeeId);
    },
  });
  await ctx.employeeOnly(consultationAdminRoutes, { consultations });
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  await app.register(consultationClientRoutes, {
    consultations,
    clientSession: accountSessionHook(account, ctx.https),
  });
  ctx.jobs.add(
    'consultation reminders',
    createReminderJob({ consultations, log: ctx.log, db: ctx.db }),
  );
}
