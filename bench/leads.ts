// npm run bench:leads — the saved-leads list and the board over 10 000 leads: p50/p95 of the
// first page, a status, the due leads, a deep page, the board, and lead search's lookup of a
// page of results (saved leads + do-not-contact), on PostgreSQL and on PGlite.
// PostgreSQL: a throw-away database beside BENCH_DATABASE_URL (default: the local server).
import { sql } from 'drizzle-orm';
import type { BusinessResult } from '../src/contract/businesses/businesses.js';
import { LEAD_STATUSES } from '../src/contract/leads/leads.js';
import type { Database } from '../src/server/db/client.js';
import { doNotContact, leads } from '../src/server/db/schema.js';
import { migrate } from '../src/server/db/migrate.js';
import { createLeadService } from '../src/server/features/leads/service.js';
import { createProspectLookup } from '../src/server/features/leads/prospects.js';
import { checkBudgets, onBothDatabases, timed, type Budget } from './lib.js';

const COUNT = Number(process.env.BENCH_LEADS ?? 10_000);
const TIME_ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;
const P95_BUDGET_MS = 30;
const budgets: Budget[] = [];

async function fill(database: Database) {
  await migrate(database);
  const now = Date.now();
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    provider: (['directory', 'google', 'osm'] as const)[i % 3]!,
    sourceId: `bench-${i}`,
    name: `Bench Business ${i}`,
    category: ['plumber', 'dentist', 'restaurant'][i % 3]!,
    phone: `(210) 555-${String(i % 10_000).padStart(4, '0')}`,
    website: i % 4 === 0 ? null : `https://bench-${i}.example`,
    status: LEAD_STATUSES[i % 7 < 4 ? 0 : ((i % 4) as 0 | 1 | 2 | 3)],
    // A third has a follow-up date, spread from 60 days ago to 60 days ahead.
    nextFollowUpOn:
      i % 3 === 0 ? new Date(now + ((i % 121) - 60) * DAY_MS).toISOString().slice(0, 10) : null,
    createdBy: `employee-${i % 5}`,
    createdAt: new Date(now - i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await database.db.insert(leads).values(rows.slice(i, i + 1000));
  await database.db.insert(doNotContact).values(
    Array.from({ length: 200 }, (_, i) => ({
      provider: 'directory' as const,
      sourceId: `bench-${i * 30}`,
      name: `Bench Business ${i * 30}`,
    })),
  );
  await database.db.execute(sql`analyze leads`);
  await database.db.execute(sql`analyze do_not_contact`);
}

/** A page of 200 search results, some of them saved leads. */
const results: BusinessResult[] = Array.from({ length: 200 }, (_, i) => ({
  id: `directory:bench-${i * 7}`,
  provider: 'directory',
  sourceId: `bench-${i * 7}`,
  name: `Bench Business ${i * 7}`,
  address: null,
  rating: '4.5',
  reviewCount: 10,
  distance: i / 10,
  website: `https://result-${i}.example`,
  phone: `(830) 555-${String(i).padStart(4, '0')}`,
  socialMedia: [],
  socialProfiles: [],
  recentPosts: [],
  lat: 29.4,
  lng: -98.5,
  lead: null,
}));

async function measure(label: string, database: Database) {
  await fill(database);
  const service = createLeadService(database.db, async () => [], { timeZone: TIME_ZONE });
  const lookup = createProspectLookup(database.db);
  console.log(`\n${label}: ${COUNT} leads`);
  const cases: [string, () => Promise<unknown[]>][] = [
    ['list, first page', async () => (await service.page({ page: 1 })).items],
    [
      'list, status contacted',
      async () => (await service.page({ status: 'contacted', page: 1 })).items,
    ],
    ['list, due today', async () => (await service.page({ due: 'today', page: 1 })).items],
    [
      'list, due + status new',
      async () => (await service.page({ due: 'today', status: 'new', page: 1 })).items,
    ],
    ['list, page 100', async () => (await service.page({ page: 100 })).items],
    ['board (4 columns)', async () => (await service.board()).columns.flatMap((c) => c.items)],
    ['search lookup, 200 results', () => lookup.annotate(results)],
  ];
  for (const [name, call] of cases) {
    const { found, p50, p95 } = await timed(call);
    console.log(
      `  ${name.padEnd(28)} ${String(found).padStart(3)} rows  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
    if (label === 'PostgreSQL')
      budgets.push({
        what: `${label}, ${name}, p95`,
        measured: p95,
        must: '<=',
        limit: P95_BUDGET_MS,
        unit: 'ms',
      });
  }
  if (process.env.BENCH_PLANS) {
    for (const query of [
      sql`explain analyze select *, exists (select 1 from do_not_contact d where d.provider = "leads"."provider" and d.source_id = "leads"."source_id") from leads order by created_at desc, id desc limit 20`,
      sql`explain analyze select count(*) from leads`,
      sql`explain analyze select * from leads where status = 'won' order by created_at desc, id desc limit 50`,
      sql`explain analyze select status, count(*) from leads group by status`,
    ]) {
      const rows = (await database.db.execute(query)) as unknown as {
        rows: Record<string, string>[];
      };
      console.log(rows.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n'));
    }
  }
}

await onBothDatabases(measure);
checkBudgets('leads', `leads over ${COUNT} leads`, budgets);
