// npm run bench:search — lead search in the directory over 100 000 generated businesses:
// p50/p95 of common and rare searches at 5, 30 and 50 miles, on PostgreSQL and on PGlite.
// PostgreSQL: a throw-away database beside BENCH_DATABASE_URL (default: the local server).
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
import { checkBudgets, onBothDatabases, timed, type Budget } from './lib.js';
import { migrate } from '../src/server/db/migrate.js';
import { seed } from '../src/server/seed/seed.js';
import { createDirectoryPlaces } from '../src/server/adapters/places/directory.js';
import { generateBusinesses } from '../src/server/features/businesses/generate.js';
import { storeBusinesses } from '../src/server/features/businesses/directory-store.js';
import { DEFAULT_SEARCH_LOCATION } from '../src/contract/site/site.js';

const COUNT = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const RARE = 400; // locksmiths: a category with few rows
const P95_BUDGET_MS: Record<string, number> = { PostgreSQL: 30, 'PGlite (in memory)': 150 };
const budgets: Budget[] = [];

async function fill(database: Database) {
  await migrate(database);
  await seed(database, { demoData: true });
  const common = generateBusinesses({
    count: COUNT - RARE,
    center: DEFAULT_SEARCH_LOCATION,
    seed: 11,
    maxMiles: 60,
  });
  const rare = generateBusinesses({
    count: RARE,
    center: DEFAULT_SEARCH_LOCATION,
    seed: 12,
    maxMiles: 60,
  }).map((b, i) => ({
    ...b,
    name: `Key Masters ${i}`,
    category: 'locksmith',
    searchTerms: ['locksmith', 'lock', 'key', 'master'],
  }));
  await storeBusinesses(database.db, [...common, ...rare], 'generated');
  await database.db.execute(sql`analyze directory_businesses`);
}

async function measure(label: string, database: Database) {
  const places = createDirectoryPlaces(database.db);
  const at = { ...DEFAULT_SEARCH_LOCATION, limit: 200 };
  console.log(`\n${label}: ${COUNT} generated + 300 demo businesses`);
  for (const category of ['restaurant', 'locksmith']) {
    for (const radiusMiles of [5, 30, 50]) {
      const { found, p50, p95 } = await timed(() =>
        places.search({ ...at, category, radiusMiles }),
      );
      console.log(
        `  ${category.padEnd(10)} ${String(radiusMiles).padStart(2)} mi: ${String(found).padStart(3)} results  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
      );
      budgets.push({
        what: `${label}, ${category} ${radiusMiles} mi, p95`,
        measured: p95,
        must: '<=',
        limit: P95_BUDGET_MS[label]!,
        unit: 'ms',
      });
    }
  }
  const plan = await database.db.execute(sql`explain select id from directory_businesses
    where search_terms @> array['restaurant']::text[] and lat between 28.7 and 30.2 and lng between -99.3 and -97.7`);
  const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
  console.log(
    `  plan (restaurant, 50 mi box):\n${rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`,
  );
}

await onBothDatabases(async (label, database) => {
  await fill(database);
  await measure(label, database);
});
checkBudgets('search', `lead search over ${COUNT} businesses`, budgets);
