import type { FastifyInstance } from 'fastify';
import {
  applyResultFilters,
  businessSearchQuery,
  resultFiltersQuery,
  type BusinessResult,
} from '../../../contract/businesses/businesses.js';
import { sendCsv, toCsv, type CsvColumn } from '../../http/csv.js';
import { parseInput } from '../../http/validate.js';
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

const LABELS = {
  category: 'Business category',
  radius: 'Radius',
  lat: 'Latitude',
  lng: 'Longitude',
  location: 'Location',
  sort: 'Sort',
  website: 'Website',
  minRating: 'Minimum rating',
  hasPhone: 'Has phone',
  hasSocial: 'Has social profiles',
};

/** Lead search (employees only: registered through the guard). */
export async function businessRoutes(
  app: FastifyInstance,
  options: { search: BusinessSearch },
): Promise<void> {
  const { search } = options;

  app.get('/api/businesses/settings', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return search.settings();
  });

  app.get('/api/businesses/search', async (request, reply) => {
    const query = parseInput(businessSearchQuery, request.query, LABELS);
    const filters = parseInput(resultFiltersQuery, request.query, LABELS);
    reply.header('cache-control', 'no-store');
    return applyResultFilters(await search.search(query), filters);
  });

  app.get('/api/businesses/export.csv', async (request, reply) => {
    const query = parseInput(businessSearchQuery, request.query, LABELS);
    const filters = parseInput(resultFiltersQuery, request.query, LABELS);
    const results = applyResultFilters(await search.search(query), filters);
    request.activity = {
      action: 'export',
      subject: 'business search results',
      detail: { count: results.length, category: query.category, radius: query.radius, ...filters },
    };
    return sendCsv(reply, 'businesses', toCsv(RESULT_COLUMNS, results));
  });
}
