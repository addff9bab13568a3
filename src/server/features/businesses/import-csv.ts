import Papa from 'papaparse';
import { businessTerms } from '../../adapters/places/directory-terms.js';
import { DB_INT_MAX } from '../../../contract/lib/db-int.js';
import { httpUrlOrNull, isHttpUrl } from '../../../contract/lib/web-address.js';
import type { GeneratedBusiness } from './generate.js';

export interface ImportedRow extends GeneratedBusiness {
  externalId: string | null;
}
export interface ImportResult {
  rows: ImportedRow[];
  errors: { row: number; message: string }[];
}

const SOCIAL_COLUMNS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok'];
export const IMPORT_COLUMNS = [
  'name',
  'category',
  'address',
  'lat',
  'lng',
  'website',
  'phone',
  'rating',
  'review_count',
  'external_id',
  ...SOCIAL_COLUMNS,
];

const text = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/**
 * Reads a directory the agency owns (CSV with a header row; columns as in IMPORT_COLUMNS, only
 * name, category, lat and lng required). Every bad row is reported with its line number; good
 * rows are kept.
 */
export function parseDirectoryCsv(csv: string): ImportResult {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const result: ImportResult = { rows: [], errors: [] };
  const missing = ['name', 'category', 'lat', 'lng'].filter(
    (c) => !parsed.meta.fields?.includes(c),
  );
  if (missing.length > 0) {
    result.errors.push({
      row: 1,
      message: `The header row lacks ${missing.join(', ')} (columns: ${IMPORT_COLUMNS.join(', ')}).`,
    });
    return result;
  }
  parsed.data.forEach((record, index) => {
    const row = index + 2; // line 1 is the header
    const problems: string[] = [];
    const name = text(record.name);
    const category = text(record.category)?.toLowerCase() ?? null;
    const lat = Number(record.lat);
    const lng = Number(record.lng);
    const rating = text(record.rating) === null ? null : Number(record.rating);
    const reviews = text(record.review_count) === null ? null : Number(record.review_count);
    const website = text(record.website);
    if (!name) problems.push('name is empty');
    if (!category) problems.push('category is empty');
    if (!text(record.lat) || !Number.isFinite(lat) || Math.abs(lat) > 90)
      problems.push('lat must be a number from -90 to 90');
    if (!text(record.lng) || !Number.isFinite(lng) || Math.abs(lng) > 180)
      problems.push('lng must be a number from -180 to 180');
    if (rating !== null && !(rating >= 0 && rating <= 5))
      problems.push('rating must be from 0 to 5');
    if (reviews !== null && !(Number.isInteger(reviews) && reviews >= 0 && reviews <= DB_INT_MAX))
      problems.push('review_count must be a whole number');
    if (website && !isHttpUrl(website))
      problems.push('website must start with http:// or https://');
    if (problems.length > 0) return void result.errors.push({ row, message: problems.join('; ') });
    result.rows.push({
      name: name!,
      category: category!,
      searchTerms: businessTerms(name!, category!),
      address: text(record.address),
      lat,
      lng,
      ratingTenths: rating === null ? null : Math.round(rating * 10),
      reviewCount: reviews,
      website,
      phone: text(record.phone),
      // A profile column that is no http(s) link is dropped, like an empty one.
      socialProfiles: SOCIAL_COLUMNS.flatMap((network) => {
        const url = httpUrlOrNull(record[network]);
        return url ? [{ network, url }] : [];
      }),
      recentPosts: [],
      externalId: text(record.external_id),
    });
  });
  return result;
}
