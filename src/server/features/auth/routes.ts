import type { FastifyInstance } from 'fastify';

/**
 * The landing page's 'Employee Login' navigates here. Until employee accounts exist (the employee
 * sign-in issue), it leads to the admin page, which says that sign-in is not available yet.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/login', async (_request, reply) => reply.header('cache-control', 'no-store').redirect('/admin', 302));
}
