import * as z from 'zod/mini';
import { isHttpUrl } from '../lib/web-address.js';
import type { Endpoint } from '../lib/endpoint.js';
import { calendarDate } from '../leads/leads.js';

export const INVESTMENT_STAGES = ['Seed', 'Series A', 'Series B+', 'Growth'] as const;
export const INDUSTRIES = [
  'SaaS/Tech',
  'E-commerce',
  'FinTech',
  'Healthcare',
  'Veteran-Led',
  'Defense Tech',
] as const;
/** docs/product.md §9: the list loads 6 at a time. */
export const INVESTOR_BATCH = 6;
export const INVESTOR_MAX_LIMIT = 50;

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number(`${label} must be a whole number`)
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, `${label} must be at least ${min}`),
      z.lte(max, `${label} must be at most ${max}`),
    );

export const investorsQuery = z.object({
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters')),
  ),
  investmentStage: z.optional(
    z.enum(INVESTMENT_STAGES, `Investment stage must be one of: ${INVESTMENT_STAGES.join(', ')}`),
  ),
  industry: z.optional(z.enum(INDUSTRIES, `Industry must be one of: ${INDUSTRIES.join(', ')}`)),
  offset: z._default(whole('Offset', 0, 1_000_000), 0),
  limit: z._default(whole('Limit', 1, INVESTOR_MAX_LIMIT), INVESTOR_BATCH),
});
export type InvestorsQuery = z.output<typeof investorsQuery>;

/** How the investor routes name a field in an error. */
export const INVESTOR_LABELS: Record<string, string> = {
  search: 'Search',
  investmentStage: 'Investment stage',
  industry: 'Industry',
  offset: 'Offset',
  limit: 'Limit',
  name: 'Name',
  linkedinUrl: 'Profile URL',
  email: 'Email',
  status: 'Status',
  notes: 'Notes',
  introducer: 'Who can introduce us',
  nextFollowUp: 'Next follow-up',
};

const text = (label: string, max: number) =>
  z.optional(
    z
      .pipe(
        z.nullable(z.string(`${label} must be text`)),
        z.transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
      )
      .check(
        z.refine(
          (v) => v === null || v.length <= max,
          `${label} must be at most ${max} characters`,
        ),
      ),
  );
const url = (label: string) =>
  z.optional(
    z
      .pipe(
        z.nullable(z.string(`${label} must be text`)),
        z.transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
      )
      .check(
        z.refine(
          (v) => v === null || (isHttpUrl(v) && v.length <= 2048),
          `${label} must be a web address starting with http:// or https://`,
        ),
      ),
  );
const list = (label: string, maxItems: number) =>
  z._default(
    z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
      .check(z.maxLength(maxItems, `${label}: at most ${maxItems}`)),
    [],
  );

/** Adding or editing an investor by hand (and one row of a CSV import). */
export const investorInput = z.object({
  name: z
    .string('Name is required')
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(200, 'Name must be at most 200 characters'),
    ),
  title: text('Title', 200),
  firm: text('Firm', 200),
  location: text('Location', 200),
  profilePhoto: url('Photo'),
  linkedinUrl: url('Profile URL'),
  email: z.optional(
    z
      .pipe(
        z.nullable(z.string()),
        z.transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
      )
      .check(
        z.refine(
          (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
          'Enter a valid email address, like name@example.com',
        ),
      ),
  ),
  linkedinConnections: z.optional(z.nullable(whole('Connections', 0, 100_000_000))),
  networkValue: text('Network value', 100),
  expertise: list('Expertise', 20),
  portfolioCompanies: list('Portfolio companies', 200),
  investmentRange: text('Investment range', 100),
  portfolioSize: z.optional(z.nullable(whole('Portfolio size', 0, 100_000))),
  stages: z._default(
    z.array(z.enum(INVESTMENT_STAGES, `Stages must be among: ${INVESTMENT_STAGES.join(', ')}`)),
    [],
  ),
  industries: z._default(
    z.array(z.enum(INDUSTRIES, `Industries must be among: ${INDUSTRIES.join(', ')}`)),
    [],
  ),
});
export type InvestorInput = z.output<typeof investorInput>;

/** docs/product.md §3's investor, plus what they invest in, a contact address and where they came from. */
export interface Investor {
  id: string;
  name: string;
  title: string | null;
  firm: string | null;
  location: string | null;
  profilePhoto: string | null;
  linkedinUrl: string | null;
  email: string | null;
  linkedinConnections: number | null;
  networkValue: string | null;
  expertise: string[];
  portfolioCompanies: string[];
  investmentRange: string | null;
  portfolioSize: number | null;
  stages: string[];
  industries: string[];
  source: 'demo' | 'wikidata' | 'csv' | 'manual' | 'generated';
  /** The agency's pipeline with this investor. */
  relationshipStatus: RelationshipStatus;
  relationshipNotes: string | null;
  /** Who can introduce us. */
  introducer: string | null;
  /** '2026-11-25', or null. */
  nextFollowUp: string | null;
}

export const RELATIONSHIP_STATUSES = [
  'not_contacted',
  'intro_requested',
  'in_talks',
  'passed',
  'invested',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export const RELATIONSHIP_LABELS: Record<RelationshipStatus, string> = {
  not_contacted: 'Not contacted',
  intro_requested: 'Intro requested',
  in_talks: 'In talks',
  passed: 'Passed',
  invested: 'Invested',
};

/** A change to the relationship: any of its fields; null clears a text or the date. */
export const relationshipInput = z
  .object({
    status: z.optional(
      z.enum(
        RELATIONSHIP_STATUSES,
        'Status must be not contacted, intro requested, in talks, passed or invested',
      ),
    ),
    notes: text('Notes', 5000),
    introducer: text('Who can introduce us', 300),
    nextFollowUp: calendarDate('Next follow-up'),
  })
  .check(
    z.refine(
      (v) =>
        v.status !== undefined ||
        v.notes !== undefined ||
        v.introducer !== undefined ||
        v.nextFollowUp !== undefined,
      'Send a status, notes, an introducer or a follow-up date to change.',
    ),
  );
export type RelationshipInput = z.output<typeof relationshipInput>;

export interface DiscoverResult {
  count: number;
}

export interface InvestorImportResult {
  /** Rows that are valid, as they would be stored (all of them with dryRun). */
  preview: InvestorInput[];
  errors: { row: number; message: string }[];
  /** Rows stored; 0 with dryRun. Rows whose profile URL is already known are updated, not added. */
  added: number;
  updated: number;
}

/** What the browser sends for an investor: blank optional values left out. */
export type InvestorPayload = z.input<typeof investorInput>;
/** The directory's filters; 'All Stages' and 'All Industries' are not sent (docs/product.md §5). */
export type InvestorFilterParams = {
  search?: string;
  investmentStage?: (typeof INVESTMENT_STAGES)[number];
  industry?: (typeof INDUSTRIES)[number];
};

// The investor directory (employees only).
export const listInvestors: Endpoint<
  Investor[],
  undefined,
  InvestorFilterParams & { offset?: number; limit?: number }
> = {
  method: 'GET',
  path: '/api/investors',
};
/** A CSV download: linked (its URL is an `href`), not fetched. */
export const exportInvestorsCsv: Endpoint<string, undefined, InvestorFilterParams> = {
  method: 'GET',
  path: '/api/investors/export.csv',
};
export const createInvestor: Endpoint<Investor, InvestorPayload> = {
  method: 'POST',
  path: '/api/investors',
};
export const updateInvestor: Endpoint<Investor, InvestorPayload> = {
  method: 'PUT',
  path: '/api/investors/:id',
};
export const deleteInvestor: Endpoint<undefined> = { method: 'DELETE', path: '/api/investors/:id' };
export const updateRelationship: Endpoint<Investor, z.input<typeof relationshipInput>> = {
  method: 'PATCH',
  path: '/api/investors/:id/relationship',
};
export const discoverInvestors: Endpoint<DiscoverResult> = {
  method: 'POST',
  path: '/api/discover-investors',
};
/** The CSV file's text, sent as it is; `dryRun=1` previews and stores nothing. */
export const importInvestorsCsv: Endpoint<InvestorImportResult, string, { dryRun?: 1 }> = {
  method: 'POST',
  path: '/api/investors/import',
  contentType: 'text/csv',
};

/** The investor CSV import: files up to 5 MB, sent as CSV (a spreadsheet's own type names count too). */
export const INVESTOR_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const INVESTOR_CSV_TOO_LARGE =
  'This file is larger than 5 MB. Split it into smaller files and import them one by one.';
export const CSV_CONTENT_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain'] as const;
