import type { InvestorInput } from '../../../contract/investors/investors.js';

/** An investor as a discovery source describes them (the fields of a manual entry), before de-duplication and storage. */
export type DiscoveredInvestor = InvestorInput & {
  /** The source's own id (a Wikidata Q-id, a row key of the demo file or a CSV). */
  sourceId: string;
};

export interface InvestorSource {
  readonly name: 'demo' | 'wikidata' | 'csv';
  discover(): Promise<DiscoveredInvestor[]>;
}

/** The source failed (down, slow, refused); the message is meant for a person. */
export class InvestorSourceError extends Error {}
