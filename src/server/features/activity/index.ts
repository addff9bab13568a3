/** The activity log: who did what, when and from where. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { activityRoutes } from './routes.js';

export {
  createActivityLog,
  SIGN_IN,
  SIGN_IN_FAILED,
  type ActivityLog,
  type ActivityRecord,
} from './service.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await ctx.employeeOnly(activityRoutes, { activity: ctx.services.activity });
}
