/** Investors: the list, its import and 'Auto-Discover Investors'. */
import type { FastifyInstance } from 'fastify';
import { createInvestorSource } from '../../adapters/investors/index.js';
import type { FeatureContext } from '../../context.js';
import { discoveredFromCsv } from './csv.js';
import { investorRoutes } from './routes.js';
import { createInvestorService } from './service.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const source = ctx.options.investorSource ?? createInvestorSource(ctx.config, discoveredFromCsv);
  await ctx.employeeOnly(investorRoutes, { investors: createInvestorService(ctx.db, source) });
}
