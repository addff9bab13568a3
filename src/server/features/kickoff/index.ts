/** Kickoff: new paying clients against the 24-hour contact promise, and their project manager. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { createOverdueNoticeJob } from './overdue.js';
import { kickoffRoutes } from './routes.js';
import { createKickoffService } from './service.js';

export { createOverdueNoticeJob, sendOverdueNotices } from './overdue.js';

/**
 * What other domains use (the consultation assigns the project manager if none is set; projects
 * and the client's record read it). `db` may be a transaction.
 */
export function createProjectManagers(db: Db) {
  const service = createKickoffService(db);
  return {
    /** Sets the client's project manager only when none is set; answers whether it set it. */
    assignProjectManagerIfNone: (businessId: string, employeeId: string) =>
      service.assignProjectManagerIfNone(businessId, employeeId),
    /** The client's project manager ({id, name, email}), or null. */
    projectManagerOf: (businessId: string) => service.projectManagerOf(businessId),
  };
}
export type ProjectManagers = ReturnType<typeof createProjectManagers>;

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await ctx.employeeOnly(kickoffRoutes, { kickoff: createKickoffService(ctx.db) });
  ctx.jobs.add(
    'kickoff overdue notices',
    createOverdueNoticeJob({
      db: ctx.db,
      mail: ctx.mail,
      timeZone: ctx.config.timeZone,
      newClientsUrl: `${ctx.emailOrigin}/admin#new-clients`,
      log: ctx.log,
      mailQueued: ctx.services.mailQueued,
    }),
  );
}
