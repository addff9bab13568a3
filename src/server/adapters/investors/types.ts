/** An investor as a discovery source describes them, before de-duplication and storage. */
export interface DiscoveredInvestor {
  /** The source's own id (a Wikidata Q-id, a row key of the demo file or a CSV). */
  sourceId: string;
  name: string;
  title: string | null;
  firm: string | null;
  location: string | null;
  /** An https image URL, or null. */
  profilePhoto: string | null;
  /** https://www.linkedin.com/in/{id} (or the demo's reserved host), or null. */
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
}

export interface InvestorSource {
  readonly name: 'demo' | 'wikidata' | 'csv';
  discover(): Promise<DiscoveredInvestor[]>;
}

/** The source failed (down, slow, refused); the message is meant for a person. */
export class InvestorSourceError extends Error {}
