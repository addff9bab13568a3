import * as z from 'zod/mini';
import { answer, isoDate } from '../lib/answer.js';
import {
  createInvestor,
  deleteInvestor,
  discoverInvestors,
  exportInvestorsCsv,
  importInvestorsCsv,
  INDUSTRIES,
  INVESTMENT_STAGES,
  listInvestors,
  RELATIONSHIP_STATUSES,
  updateInvestor,
  updateRelationship,
  type DiscoverResult,
  type Investor,
  type InvestorImportResult,
  type InvestorInput,
} from './investors.js';

const text = () => z.nullable(z.string());

const investor: z.ZodMiniType<Investor> = z.strictObject({
  id: z.string(),
  name: z.string(),
  title: text(),
  firm: text(),
  location: text(),
  profilePhoto: text(),
  linkedinUrl: text(),
  email: text(),
  linkedinConnections: z.nullable(z.int()),
  networkValue: text(),
  expertise: z.array(z.string()),
  portfolioCompanies: z.array(z.string()),
  investmentRange: text(),
  portfolioSize: z.nullable(z.int()),
  stages: z.array(z.string()),
  industries: z.array(z.string()),
  source: z.enum(['demo', 'wikidata', 'csv', 'manual', 'generated']),
  relationshipStatus: z.enum(RELATIONSHIP_STATUSES),
  relationshipNotes: text(),
  introducer: text(),
  nextFollowUp: z.nullable(isoDate()),
});

/** A CSV row as it would be stored: what `investorInput` produces. */
const investorRow: z.ZodMiniType<InvestorInput> = z.strictObject({
  name: z.string(),
  title: z.optional(text()),
  firm: z.optional(text()),
  location: z.optional(text()),
  profilePhoto: z.optional(text()),
  linkedinUrl: z.optional(text()),
  email: z.optional(text()),
  linkedinConnections: z.optional(z.nullable(z.int())),
  networkValue: z.optional(text()),
  expertise: z.array(z.string()),
  portfolioCompanies: z.array(z.string()),
  investmentRange: z.optional(text()),
  portfolioSize: z.optional(z.nullable(z.int())),
  stages: z.array(z.enum(INVESTMENT_STAGES)),
  industries: z.array(z.enum(INDUSTRIES)),
});

const importResult: z.ZodMiniType<InvestorImportResult> = z.strictObject({
  preview: z.array(investorRow),
  errors: z.array(z.strictObject({ row: z.int(), message: z.string() })),
  added: z.int(),
  updated: z.int(),
});

const discoverResult: z.ZodMiniType<DiscoverResult> = z.strictObject({ count: z.int() });

export const answers = [
  answer(listInvestors, z.array(investor)),
  answer(exportInvestorsCsv, null),
  answer(createInvestor, investor),
  answer(updateInvestor, investor),
  answer(updateRelationship, investor),
  answer(deleteInvestor, null),
  answer(discoverInvestors, discoverResult),
  answer(importInvestorsCsv, importResult),
];
