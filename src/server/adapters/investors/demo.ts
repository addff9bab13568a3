import demoInvestors from './demo-investors.json' with { type: 'json' };
import type { DiscoveredInvestor, InvestorSource } from './types.js';

/**
 * The bundled, clearly fictional investors (firms marked '(demo)', profiles and e-mail on
 * reserved `.example` hosts). The first DEMO_SEEDED are seeded with a new database; discovery
 * finds the rest once, then nothing new.
 */
export const DEMO_INVESTORS = demoInvestors as DiscoveredInvestor[];
export const DEMO_SEEDED = 12;

export function createDemoInvestorSource(): InvestorSource {
  return { name: 'demo', discover: () => Promise.resolve(DEMO_INVESTORS) };
}
