/** The agency's own applications and their revenue dashboard. */
import type { FastifyInstance } from 'fastify';
import { takesRealMoney } from '../../adapters/payments/index.js';
import type { FeatureContext } from '../../context.js';
import { createRevenueService } from '../revenue/index.js';
import { applicationRoutes } from './routes.js';
import { createApplicationService } from './service.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { uploads } = ctx.services;
  const revenue = createRevenueService(ctx.db, ctx.config.timeZone, {
    livemode: takesRealMoney(ctx.config),
  });
  // A logo URL is saved only when it is one of our finished uploads (S3: checked and re-encoded).
  const checkLogo = (url: string) => uploads.confirmUpload(url);
  await ctx.employeeOnly(applicationRoutes, {
    applications: createApplicationService(ctx.db, revenue, checkLogo),
    revenue,
  });
}
