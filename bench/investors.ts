// npm run bench:investors — the investor directory over 100 000 generated investors: p50/p95 of
// the first page, filtered pages, searched pages and a deep page, on PostgreSQL and on PGlite.
import { sql } from 'drizzle-orm';
import {
  INDUSTRIES,
  INVESTMENT_STAGES,
  type InvestorsQuery,
} from '../src/contract/investors/investors.js';
import type { Database } from '../src/server/db/client.js';
import { checkBudgets, onBothDatabases, timed, type Budget } from './lib.js';
import { migrate } from '../src/server/db/migrate.js';
import { createDemoInvestorSource, DEMO_INVESTORS } from '../src/server/adapters/investors/demo.js';
import { createInvestorService, investorValues } from '../src/server/features/investors/service.js';

const COUNT = Number(process.env.BENCH_INVESTORS ?? 100_000);
const P95_BUDGET_MS = 30;
const budgets: Budget[] = [];
const WORDS = [
  'North',
  'Harbor',
  'Summit',
  'Granite',
  'Beacon',
  'Redwood',
  'Iron',
  'Cedar',
  'Atlas',
  'Pioneer',
  'Keystone',
  'Meridian',
];

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
        stages: [
          INVESTMENT_STAGES[i % 4]!,
          ...(i % 3 === 0 ? [INVESTMENT_STAGES[(i + 1) % 4]!] : []),
        ],
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
    const { found, p50, p95 } = await timed(() => service.list({ offset: 0, limit: 6, ...query }));
    console.log(
      `  ${name.padEnd(22)} ${found} rows  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
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
}

await onBothDatabases(measure);
checkBudgets('investors', `investor directory over ${COUNT} investors`, budgets);
