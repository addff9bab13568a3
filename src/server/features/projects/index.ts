/** The client's project: tracks and milestones from the plan, reviews, the board and the digest. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { accountSessionHook, createAccountService } from '../account/index.js';
import { projectClientRoutes } from './client-routes.js';
import { createProjectDigestJob } from './digest.js';
import { projectAdminRoutes } from './routes.js';
import { createProjectService } from './service.js';

export { createProjectService, type ProjectService } from './service.js';
export { sendProjectDigests } from './digest.js';
export { tracksOfPlan } from './tracks.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const projects = createProjectService({
    db: ctx.db,
    timeZone: ctx.config.timeZone,
    mail: ctx.mail,
    origin: ctx.emailOrigin,
    mailQueued: ctx.services.mailQueued,
    activity: ctx.services.activity,
    uploads: ctx.services.uploads,
  });
  await ctx.employeeOnly(projectAdminRoutes, { projects });

  // The billing page's session, read as the account feature writes it.
  const account = createAccountService({ db: ctx.db, mail: ctx.mail });
  await app.register(projectClientRoutes, {
    projects,
    clientSession: accountSessionHook(account, ctx.https),
  });

  ctx.jobs.add(
    'project digest',
    createProjectDigestJob({
      db: ctx.db,
      timeZone: ctx.config.timeZone,
      mail: ctx.mail,
      origin: ctx.emailOrigin,
      log: ctx.log,
      mailQueued: ctx.services.mailQueued,
    }),
  );
}
