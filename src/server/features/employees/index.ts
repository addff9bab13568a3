/** The team: employees, their roles and permissions (owners manage them). */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { employeeRoutes } from './routes.js';
import { createEmployeeService } from './service.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  await ctx.employeeOnly(employeeRoutes, {
    employees: createEmployeeService(ctx.services.auth, ctx.db),
  });
}
