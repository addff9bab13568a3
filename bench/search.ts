// npm run bench:search — lead search in the directory over 100 000 generated businesses:
// p50/p95 of common and rare searches at 5, 30 and 50 miles, on PostgreSQL and on PGlite.
// PostgreSQL: a throw-away database beside BENCH_DATABASE_URL (default: the local server).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { seed } from '../src/server/db/seed.js';
import { createDirectoryPlaces } from '../src/server/adapters/places/directory.js';
import { generateBusinesses } from '../src/server/features/businesses/generate.js';
import { storeBusinesses } from '../src/server/features/businesses/directory-store.js';
import { DEFAULT_SEARCH_LOCATION } from '../src/contract/site.js';

const COUNT = Number(process.env.BENCH_BUSINESSES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const RARE = 400; // locksmiths: a category with few rows
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function fill(database: Database) {
  await migrate(database);
  await seed(database, { demoData: true });
  const common = generateBusinesses({ count: COUNT - RARE, center: DEFAULT_SEARCH_LOCATION, seed: 11, maxMiles: 60 });
  const rare = generateBusinesses({ count: RARE, center: DEFAULT_SEARCH_LOCATION, seed: 12, maxMiles: 60 }).map((b, i) => ({
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
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS + 5; i++) {
        const started = performance.now();
        found = (await places.search({ ...at, category, radiusMiles })).length;
        if (i >= 5) times.push(performance.now() - started); // the first runs warm caches
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(`  ${category.padEnd(10)} ${String(radiusMiles).padStart(2)} mi: ${String(found).padStart(3)} results  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
    }
  }
  const plan = await database.db.execute(sql`explain select id from directory_businesses
    where search_terms @> array['restaurant']::text[] and lat between 28.7 and 30.2 and lng between -99.3 and -97.7`);
  const rows = (plan as unknown as { rows: Record<string, string>[] }).rows;
  console.log(`  plan (restaurant, 50 mi box):\n${rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`);
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
await adminQuery(`create database ${name}`);
try {
  const url = new URL(base);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await fill(postgres);
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
} finally {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

const pglite = await openDatabase({ kind: 'pglite' });
try {
  await fill(pglite);
  await measure('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
