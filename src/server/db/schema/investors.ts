import { sql } from 'drizzle-orm';
import {
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The investor directory. Profile URLs are normalised and unique (de-duplication across sources);
 * `search_text` (name, firm, expertise in lower case) carries a full-text index for the search box.
 */
export const investors = pgTable(
  'investors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title'),
    firm: text('firm'),
    location: text('location'),
    profilePhoto: text('profile_photo'),
    linkedinUrl: text('linkedin_url').unique(),
    email: text('email'),
    linkedinConnections: integer('linkedin_connections'),
    networkValue: text('network_value'),
    expertise: text('expertise')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolioCompanies: text('portfolio_companies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    investmentRange: text('investment_range'),
    portfolioSize: integer('portfolio_size'),
    stages: text('stages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industries: text('industries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull(),
    /** The agency's relationship with the investor (a pipeline), kept by hand. */
    relationshipStatus: text('relationship_status', {
      enum: ['not_contacted', 'intro_requested', 'in_talks', 'passed', 'invested'],
    })
      .notNull()
      .default('not_contacted'),
    relationshipNotes: text('relationship_notes'),
    /** Who can introduce us (a name, a note). */
    introducer: text('introducer'),
    nextFollowUpOn: date('next_follow_up_on', { mode: 'string' }),
    source: text('source', { enum: ['demo', 'wikidata', 'csv', 'manual', 'generated'] }).notNull(),
    sourceId: text('source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investors_source_idx').on(t.source, t.sourceId),
    index('investors_name_idx').on(t.name, t.id),
    index('investors_stages_idx').using('gin', t.stages),
    index('investors_industries_idx').using('gin', t.industries),
    index('investors_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
  ],
);

/**
 * One row per filter an investor answers to ('stage:Seed', 'industry:FinTech' and each
 * 'stage:Seed|industry:FinTech' pair) with the name beside it, so any filtered page is one
 * ordered index range, however rare the combination (docs/decisions/007).
 */
export const investorFacets = pgTable(
  'investor_facets',
  {
    investorId: uuid('investor_id')
      .notNull()
      .references(() => investors.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('investor_facets_page_idx').on(t.facet, t.name, t.investorId),
    index('investor_facets_investor_idx').on(t.investorId),
  ],
);
