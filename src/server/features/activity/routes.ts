import type { FastifyInstance } from 'fastify';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_QUERY_LABELS,
  activityQuerySchema,
  listActivity,
} from '../../../contract/activity/activity.js';
import { route } from '../../http/route.js';
import type { ActivityLog } from './service.js';

/** The read-only activity list of settings (employees only: registered through the guard). */
export async function activityRoutes(
  app: FastifyInstance,
  options: { activity: ActivityLog },
): Promise<void> {
  const query = { query: activityQuerySchema, labels: ACTIVITY_QUERY_LABELS };
  route(app, listActivity, query, async ({ query: filters }) =>
    options.activity.page(filters, ACTIVITY_PAGE_SIZE),
  );
}
