import fs from 'node:fs/promises';
import { InvestorSourceError, type DiscoveredInvestor, type InvestorSource } from './types.js';

/**
 * Discovery from a CSV file the agency keeps (INVESTOR_CSV_PATH), read at each discovery with
 * the same columns and checks as the import in settings.
 */
export function createCsvInvestorSource(
  path: string,
  parse: (csv: string) => { rows: DiscoveredInvestor[] },
): InvestorSource {
  return {
    name: 'csv',
    async discover() {
      let text: string;
      try {
        text = await fs.readFile(path, 'utf8');
      } catch {
        throw new InvestorSourceError(
          `The investor file ${path} could not be read. Check INVESTOR_CSV_PATH.`,
        );
      }
      return parse(text).rows;
    },
  };
}
