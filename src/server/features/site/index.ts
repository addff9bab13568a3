/** robots.txt, sitemap.xml and the data the server-rendered public pages are rendered with. */
import type { FastifyInstance } from 'fastify';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import { listPlans } from '../../../contract/plans/list.js';
import { listPortfolio } from '../../../contract/portfolio/portfolio.js';
import type { FeatureContext, SharedServices } from '../../context.js';
import { siteRoutes } from './routes.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { catalogue } = ctx.services;
  await app.register(siteRoutes, {
    origin: ctx.siteOrigin,
    plans: async () => JSON.parse(await catalogue.json()) as SubscriptionPlan[],
  });
}

/** Public pages are rendered with the plans and the portfolio (both cached a few seconds, cleared by a write here). */
export function publicPageData({ catalogue, showcase }: SharedServices) {
  return async () => {
    const [plans, portfolio] = await Promise.all([catalogue.serialised(), showcase.serialised()]);
    return {
      version: `${plans.etag}${portfolio.etag}`,
      json: `{${JSON.stringify(listPlans.path)}:${plans.json},${JSON.stringify(listPortfolio.path)}:${portfolio.json}}`,
    };
  };
}
