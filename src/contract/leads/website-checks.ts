import * as z from 'zod/mini';
import { isHttpUrl } from '../lib/web-address.js';
import type { Endpoint } from '../lib/endpoint.js';

/**
 * What a website check looks at, with the points each is worth out of 100 (docs/decisions/020).
 * The score is the sum of the points of the checks a homepage passes.
 */
export const WEBSITE_CHECK_WEIGHTS = {
  https: 20,
  httpRedirect: 10,
  mobileViewport: 15,
  pageWeight: 10,
  responseTime: 10,
  title: 8,
  description: 7,
  contact: 8,
  copyright: 5,
  imageText: 4,
  language: 3,
} as const;
export type WebsiteCheckId = keyof typeof WEBSITE_CHECK_WEIGHTS;

export interface WebsiteFinding {
  id: WebsiteCheckId;
  /** The check's name in plain English ('Secure connection (HTTPS)'). */
  label: string;
  passed: boolean;
  /** Points earned: the check's weight when passed, else 0. */
  points: number;
  /** What was found, in a sentence. */
  detail: string;
  /** When failed: the sales angle, a short sentence a business owner understands. */
  angle: string | null;
}

/**
 * `checked`: the homepage was read and scored. `blocked`: robots.txt asks us not to read it.
 * `failed`: the homepage could not be read (the message says why; that is an angle too).
 */
export type WebsiteCheckStatus = 'checked' | 'blocked' | 'failed';

export interface WebsiteCheck {
  id: string;
  /** The search result's id (`provider:sourceId`). */
  businessId: string;
  provider: 'directory' | 'google' | 'osm';
  sourceId: string;
  name: string;
  website: string;
  status: WebsiteCheckStatus;
  /** 0-100, or null when the homepage was not read. */
  score: number | null;
  /** Why the page was not scored (blocked or failed), in a sentence. */
  message: string | null;
  findings: WebsiteFinding[];
  /** Where the homepage ended up after redirects. */
  finalUrl: string | null;
  responseMs: number | null;
  pageBytes: number | null;
  checkedAt: string;
}

export const MAX_CHECKS_PER_LOOKUP = 50;
/** 'Check all websites on this page' runs this many checks at once (the server allows as many per process). */
export const WEBSITE_CHECKS_AT_ONCE = 4;

/** Runs `work` over `items` with at most `limit` at once, calling `onDone` after each; never rejects. */
export async function eachWithLimit<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
  onDone: () => void = () => {},
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch(() => {});
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Check a search result's homepage: the result need not be a saved lead. */
export const websiteCheckInput = z.object({
  provider: z.enum(['directory', 'google', 'osm'], 'Provider must be directory, google or osm'),
  sourceId: z
    .string('Source id is required')
    .check(
      z.trim(),
      z.minLength(1, 'Source id is required'),
      z.maxLength(300, 'Source id is too long'),
    ),
  name: z
    .string('Name is required')
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(300, 'Name must be at most 300 characters'),
    ),
  website: z
    .string('Website is required')
    .check(
      z.trim(),
      z.minLength(1, 'Website is required'),
      z.maxLength(2048, 'Website must be at most 2048 characters'),
      z.refine(isHttpUrl, 'Website must start with http:// or https://'),
    ),
});
export type WebsiteCheckInput = z.output<typeof websiteCheckInput>;

/** How the website-check routes name a field in an error. */
export const WEBSITE_CHECK_LABELS: Record<string, string> = {
  provider: 'Provider',
  sourceId: 'Source id',
  name: 'Name',
  website: 'Website',
  ids: 'Ids',
};

/** The latest checks of some search results, by their ids (`provider:sourceId`, comma-separated). */
export const websiteChecksQuery = z.object({
  ids: z.string('Send the ids of the businesses (ids=provider:sourceId,...)').check(
    z.refine(
      (v) => v.split(',').every((id) => /^(directory|google|osm):.+$/.test(id)),
      'Each id must look like provider:sourceId',
    ),
    z.refine(
      (v) => v.split(',').length <= MAX_CHECKS_PER_LOOKUP,
      `Ask for at most ${MAX_CHECKS_PER_LOOKUP} businesses at once`,
    ),
    z.maxLength(20_000, 'Too many ids'),
  ),
});

export const runWebsiteCheck: Endpoint<WebsiteCheck, WebsiteCheckInput> = {
  method: 'POST',
  path: '/api/website-checks',
};
/** The latest check of each business asked for that has one. */
export const latestWebsiteChecks: Endpoint<WebsiteCheck[], undefined, { ids: string }> = {
  method: 'GET',
  path: '/api/website-checks',
};
export const getWebsiteCheck: Endpoint<WebsiteCheck> = {
  method: 'GET',
  path: '/api/website-checks/:id',
};
