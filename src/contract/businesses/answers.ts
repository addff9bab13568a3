import * as z from 'zod/mini';
import { answer } from '../lib/answer.js';
import { LEAD_STATUSES } from '../leads/leads.js';
import { socialProfile } from '../leads/answers.js';
import {
  exportBusinessesCsv,
  getSearchSettings,
  searchBusinesses,
  type BusinessResult,
  type SearchSettings,
} from './businesses.js';

const PROVIDERS = ['directory', 'google', 'osm'] as const;

const businessResult: z.ZodMiniType<BusinessResult> = z.strictObject({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  sourceId: z.string(),
  name: z.string(),
  address: z.nullable(z.string()),
  rating: z.nullable(z.string().check(z.regex(/^\d\.\d$/))),
  reviewCount: z.nullable(z.int()),
  distance: z.number().check(z.gte(0)),
  website: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  socialMedia: z.array(z.string()),
  socialProfiles: z.array(socialProfile),
  recentPosts: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  lead: z.nullable(z.strictObject({ id: z.string(), status: z.enum(LEAD_STATUSES) })),
});

const searchSettings: z.ZodMiniType<SearchSettings> = z.strictObject({
  provider: z.enum(PROVIDERS),
  attribution: z.nullable(z.string()),
  defaultLocation: z.strictObject({ lat: z.number(), lng: z.number(), label: z.string() }),
});

export const answers = [
  answer(getSearchSettings, searchSettings),
  answer(searchBusinesses, z.array(businessResult)),
  answer(exportBusinessesCsv, null),
];
