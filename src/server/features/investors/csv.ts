import Papa from 'papaparse';
import {
  investorInput,
  type Investor,
  type InvestorInput,
} from '../../../contract/investors/investors.js';
import type { CsvColumn } from '../../http/csv.js';
import type { DiscoveredInvestor } from '../../adapters/investors/types.js';
import { normaliseProfileUrl } from './profile-url.js';

const LIST = (v: string | undefined) =>
  (v ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
const NUMBER = (v: string | undefined) => (v && v.trim() ? Number(v.replace(/[,\s]/g, '')) : null);

/** Columns of the import and the export (lists separated by ';'). */
export const INVESTOR_COLUMNS: CsvColumn<Investor>[] = [
  { header: 'name', value: (i) => i.name },
  { header: 'title', value: (i) => i.title },
  { header: 'firm', value: (i) => i.firm },
  { header: 'location', value: (i) => i.location },
  { header: 'linkedin_url', value: (i) => i.linkedinUrl },
  { header: 'email', value: (i) => i.email },
  { header: 'profile_photo', value: (i) => i.profilePhoto },
  { header: 'linkedin_connections', value: (i) => i.linkedinConnections },
  { header: 'network_value', value: (i) => i.networkValue },
  { header: 'expertise', value: (i) => i.expertise.join('; ') },
  { header: 'portfolio_companies', value: (i) => i.portfolioCompanies.join('; ') },
  { header: 'investment_range', value: (i) => i.investmentRange },
  { header: 'portfolio_size', value: (i) => i.portfolioSize },
  { header: 'stages', value: (i) => i.stages.join('; ') },
  { header: 'industries', value: (i) => i.industries.join('; ') },
];

export interface ParsedInvestors {
  rows: InvestorInput[];
  errors: { row: number; message: string }[];
}

/** Reads investors from CSV text; each bad row is reported by its line number, good rows are kept. */
export function parseInvestorCsv(csv: string): ParsedInvestors {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const result: ParsedInvestors = { rows: [], errors: [] };
  if (!parsed.meta.fields?.includes('name')) {
    result.errors.push({
      row: 1,
      message: `The header row needs a name column (columns: ${INVESTOR_COLUMNS.map((c) => c.header).join(', ')}).`,
    });
    return result;
  }
  parsed.data.forEach((r, index) => {
    const candidate = {
      name: r.name ?? '',
      title: r.title,
      firm: r.firm,
      location: r.location,
      profilePhoto: r.profile_photo,
      linkedinUrl: r.linkedin_url,
      email: r.email,
      linkedinConnections: NUMBER(r.linkedin_connections),
      networkValue: r.network_value,
      expertise: LIST(r.expertise),
      portfolioCompanies: LIST(r.portfolio_companies),
      investmentRange: r.investment_range,
      portfolioSize: NUMBER(r.portfolio_size),
      stages: LIST(r.stages),
      industries: LIST(r.industries),
    };
    const checked = investorInput.safeParse(candidate);
    if (checked.success) result.rows.push(checked.data);
    else
      result.errors.push({
        row: index + 2,
        message: [...new Set(checked.error.issues.map((i) => i.message))].join('; '),
      });
  });
  return result;
}

/** A CSV row's id (imports and INVESTOR_SOURCE=csv alike): the profile URL, else the name. */
export const csvSourceId = (row: InvestorInput): string =>
  normaliseProfileUrl(row.linkedinUrl) ?? row.name.toLowerCase();

/** CSV rows as a discovery source sees them (INVESTOR_SOURCE=csv). */
export function discoveredFromCsv(csv: string): { rows: DiscoveredInvestor[] } {
  return { rows: parseInvestorCsv(csv).rows.map((r) => ({ ...r, sourceId: csvSourceId(r) })) };
}
