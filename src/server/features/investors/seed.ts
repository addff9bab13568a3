import type { Db } from '../../db/client.js';
import { DEMO_INVESTORS, DEMO_SEEDED } from '../../adapters/investors/demo.js';
import { investorValues, storeInvestorRows } from './service.js';

/** Adds the first demo investors; 'Auto-Discover Investors' finds the rest of the demo source. */
export async function seedDemoInvestors(db: Db): Promise<void> {
  await storeInvestorRows(
    db,
    DEMO_INVESTORS.slice(0, DEMO_SEEDED).map((i) => investorValues(i, 'demo', i.sourceId)),
  );
}
