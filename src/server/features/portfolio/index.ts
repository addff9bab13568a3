/** The portfolio: the public showcase and its editing in the admin area. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { portfolioAdminRoutes, portfolioRoutes } from './routes.js';
import { createPortfolioService } from './service.js';

export { createPortfolioShowcase, type PortfolioShowcase } from './service.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { showcase, uploads } = ctx.services;
  await app.register(portfolioRoutes, { showcase });
  // A logo URL is saved only when it is one of our finished uploads (S3: checked and re-encoded).
  const portfolio = createPortfolioService(ctx.db, (url) => uploads.confirmUpload(url));
  await ctx.employeeOnly(portfolioAdminRoutes, { portfolio, showcase });
}
