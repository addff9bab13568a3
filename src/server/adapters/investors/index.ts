import type { Config } from '../../config.js';
import { createCsvInvestorSource } from './csv-source.js';
import { createDemoInvestorSource } from './demo.js';
import type { DiscoveredInvestor, InvestorSource } from './types.js';
import { createWikidataSource } from './wikidata.js';

/** The discovery source INVESTOR_SOURCE names; the bundled demo file by default. */
export function createInvestorSource(
  config: Config,
  parseCsv: (csv: string) => { rows: DiscoveredInvestor[] },
): InvestorSource {
  switch (config.investors.source) {
    case 'csv':
      return createCsvInvestorSource(config.investors.csvPath!, parseCsv);
    case 'wikidata':
      return createWikidataSource({
        endpoint: config.investors.wikidataSparqlUrl,
        userAgent: config.userAgent,
      });
    case 'demo':
      return createDemoInvestorSource();
  }
}
