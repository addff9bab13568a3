/** Lead search: businesses from the places provider, marked when already a lead or not to contact. */
import type { FastifyInstance } from 'fastify';
import { createPlacesProvider } from '../../adapters/places/index.js';
import type { FeatureContext } from '../../context.js';
import { createProspectLookup } from '../leads/index.js';
import { businessRoutes } from './routes.js';
import { createBusinessSearch } from './service.js';

export async function register(_app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const provider = ctx.options.placesProvider ?? createPlacesProvider(ctx.config, ctx.db);
  const prospects = createProspectLookup(ctx.db);
  await ctx.employeeOnly(businessRoutes, {
    search: createBusinessSearch({
      provider,
      defaultLocation: ctx.config.places.defaultLocation,
      annotate: (results) => prospects.annotate(results),
    }),
  });
}
