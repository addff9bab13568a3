import type { FastifyInstance } from 'fastify';
import { ACTIVITY_PAGE_SIZE, activityQuerySchema } from '../../../contract/activity/activity.js';
import { parseInput } from '../../http/validate.js';
import type { ActivityLog } from './service.js';

/** The read-only activity list of settings (employees only: registered through the guard). */
export async function activityRoutes(
  app: FastifyInstance,
  options: { activity: ActivityLog },
): Promise<void> {
  app.get('/api/activity', async (request, reply) => {
    const { page } = parseInput(activityQuerySchema, request.query, { page: 'page' });
    reply.header('cache-control', 'no-store');
    return options.activity.page(page, ACTIVITY_PAGE_SIZE);
  });
}
