import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openSeededDatabase } from '../seed/seed.js';
import { generateBusinesses } from '../features/businesses/generate.js';
import { storeBusinesses } from '../features/businesses/directory-store.js';

/** `npm run seed:businesses -- --count 100000 [--seed 7]`: more fictional businesses (benchmarks, demos). */
const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error('usage: npm run seed:businesses -- --count N [--seed S]   (N from 1 to 2000000)');
  process.exit(2);
}
const config = loadConfig();
const database = await openSeededDatabase(config);
try {
  const started = Date.now();
  const rows = generateBusinesses({
    count,
    center: config.places.defaultLocation,
    seed: Number(values.seed),
    maxMiles: 60,
  });
  const stored = await storeBusinesses(database.db, rows, 'generated');
  console.log(
    `Added ${stored} generated businesses around ${config.places.defaultLocation.label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
