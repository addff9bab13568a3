// npm run bench:investors — the investor directory over 100 000 generated investors: p50/p95 of
// the first page, filtered pages, searched pages and a deep page, on PostgreSQL and on PGlite.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { INDUSTRIES, INVESTMENT_STAGES, type InvestorsQuery } from '../src/contract/investors.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { createDemoInvestorSource, DEMO_INVESTORS } from '../src/server/adapters/investors/demo.js';
import { createInvestorService, investorValues } from '../src/server/features/investors/service.js';

const COUNT = Number(process.env.BENCH_INVESTORS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORDS = ['North', 'Harbor', 'Summit', 'Granite', 'Beacon', 'Redwood', 'Iron', 'Cedar', 'Atlas', 'Pioneer', 'Keystone', 'Meridian'];

async function fill(database: Database) {
  await migrate(database);
  const service = createInvestorService(database.db, createDemoInvestorSource());
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const demo = DEMO_INVESTORS[i % DEMO_INVESTORS.length]!;
    return investorValues(
      {
        ...demo,
        name: `${demo.name.split(' ')[0]} ${WORDS[i % WORDS.length]}son ${i}`,
        firm: `${WORDS[(i * 7) % WORDS.length]} ${['Ventures', 'Capital', 'Partners'][i % 3]}`,
        linkedinUrl: `https://linkedin.example/in/bench-${i}`,
        stages: [INVESTMENT_STAGES[i % 4]!, ...(i % 3 === 0 ? [INVESTMENT_STAGES[(i + 1) % 4]!] : [])],
        industries: [INDUSTRIES[i % 6]!, ...(i % 5 === 0 ? [INDUSTRIES[(i + 2) % 6]!] : [])],
      },
      'generated',
      `bench-${i}`,
    );
  });
  await service.store(rows);
  await database.db.execute(sql`analyze investors`);
  return service;
}

async function measure(label: string, database: Database) {
  const service = await fill(database);
  console.log(`\n${label}: ${COUNT} investors`);
  const cases: [string, Partial<InvestorsQuery>][] = [
    ['first page', {}],
    ['stage', { investmentStage: 'Series A' }],
    ['stage + industry', { investmentStage: 'Seed', industry: 'Defense Tech' }],
    ['search common word', { search: 'harbor' }],
    ['search rare name', { search: 'avery northson 12' }],
    ['search + filters', { search: 'capital', investmentStage: 'Growth', industry: 'FinTech' }],
    ['page 50 (offset 300)', { offset: 300 }],
  ];
  for (const [name, query] of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const started = performance.now();
      found = (await service.list({ offset: 0, limit: 6, ...query })).length;
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`  ${name.padEnd(22)} ${found} rows  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
  }
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
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
} finally {
  await adminQuery(`drop database if exists ${name} with (force)`);
}
const pglite = await openDatabase({ kind: 'pglite' });
try {
  await measure('PGlite (in memory)', pglite);
} finally {
  await pglite.close();
}
