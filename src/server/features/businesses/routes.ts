import type { FastifyInstance } from 'fastify';
import {
  applyResultFilters,
  BUSINESS_SEARCH_LABELS,
  businessResultsQuery,
  exportBusinessesCsv,
  getSearchSettings,
  searchBusinesses,
  type BusinessResult,
} from '../../../contract/businesses/businesses.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { route } from '../../http/route.js';
import type { BusinessSearch } from './service.js';

const RESULT_COLUMNS: CsvColumn<BusinessResult>[] = [
  { header: 'Name', value: (b) => b.name },
  { header: 'Address', value: (b) => b.address },
  { header: 'Distance (miles)', value: (b) => b.distance },
  { header: 'Rating', value: (b) => b.rating },
  { header: 'Reviews', value: (b) => b.reviewCount },
  { header: 'Phone', value: (b) => b.phone },
  { header: 'Website', value: (b) => b.website },
  { header: 'Social profiles', value: (b) => b.socialProfiles.map((p) => p.url).join(' ') },
  { header: 'Lead status', value: (b) => b.lead?.status ?? null },
  { header: 'Source', value: (b) => b.id },
];

/** Lead search (employees only: registered through the guard). */
export async function businessRoutes(
  app: FastifyInstance,
  options: { search: BusinessSearch },
): Promise<void> {
  const { search } = options;
  const spec = { query: businessResultsQuery, labels: BUSINESS_SEARCH_LABELS };

  route(app, getSearchSettings, {}, async () => search.settings());

  route(app, searchBusinesses, spec, async ({ query }) =>
    applyResultFilters(await search.search(query), query),
  );

  route(app, exportBusinessesCsv, spec, async ({ query }, request, reply) => {
    const results = applyResultFilters(await search.search(query), query);
    const { category, radius, lat: _lat, lng: _lng, location: _location, ...filters } = query;
    request.activity = {
      action: 'export',
      subject: 'business search results',
      detail: { count: results.length, category, radius, ...filters },
    };
    return sendCsv(reply, 'businesses', toCsv(RESULT_COLUMNS, results));
  });
}
