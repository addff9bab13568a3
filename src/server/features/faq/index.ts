/** The landing page's FAQ, in English and Spanish, and its editing in settings (issue 28 §7). */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { faqAdminRoutes, faqRoutes } from './routes.js';

export { createFaqCatalogue, type FaqCatalogue } from './service.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { faq } = ctx.services;
  await app.register(faqRoutes, { faq });
  await ctx.employeeOnly(faqAdminRoutes, { db: ctx.db, faq });
}
