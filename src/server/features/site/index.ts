/** robots.txt, sitemap.xml and the data the server-rendered public pages are rendered with. */
import type { FastifyInstance } from 'fastify';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import { listPlans } from '../../../contract/plans/list.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import { listFaq } from '../../../contract/faq/faq.js';
import type { FeatureContext, SharedServices } from '../../context.js';
import { siteRoutes } from './routes.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { catalogue } = ctx.services;
  await app.register(siteRoutes, {
    origin: ctx.siteOrigin,
    plans: async () => JSON.parse(await catalogue.json()) as SubscriptionPlan[],
  });
}

/** Public pages are rendered with the plans, the portfolio and the FAQ (each cached a few seconds, cleared by a write here). */
export function publicPageData({ catalogue, showcase, faq }: SharedServices) {
  return async () => {
    const [plans, portfolio, questions] = await Promise.all([
      catalogue.serialised(),
      showcase.serialised(),
      faq.serialised(),
    ]);
    return {
      version: `${plans.etag}${portfolio.etag}${questions.etag}`,
      json: `{${JSON.stringify(listPlans.path)}:${plans.json},${JSON.stringify(listPortfolio.path)}:${portfolio.json},${JSON.stringify(listFaq.path)}:${questions.json}}`,
    };
  };
}
