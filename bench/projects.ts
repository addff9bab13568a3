// npm run bench:projects — the admin 'Projects' board over 500 paying clients (issue 29 §5): p50/p95
// of the whole board (its check that every project follows its subscription included), and the board
// filtered by project manager, on PostgreSQL and on PGlite.
// PostgreSQL: a throw-away database beside BENCH_DATABASE_URL (default: the local server).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
import {
  businessRegistrations,
  invoices,
  projectMilestones,
  subscriptionPlans,
  subscriptions,
} from '../src/server/db/schema.js';
import { migrate } from '../src/server/db/migrate.js';
import { createActivityLog } from '../src/server/features/activity/index.js';
import { seedPlans } from '../src/server/features/plans/seed.js';
import { createProjectService } from '../src/server/features/projects/index.js';
import { readBoard } from '../src/server/features/projects/board.js';
import { checkBudgets, onBothDatabases, timeCases, timed, type Budget } from './lib.js';

const COUNT = Number(process.env.BENCH_PROJECTS ?? 500);
const TIME_ZONE = 'America/Chicago';
/** The budget: the board over 500 clients, p95 on PostgreSQL. */
const P95_BUDGET_MS = 50;
/** PGlite (one process, WebAssembly) is the embedded default, not the production database. */
const PGLITE_P95_BUDGET_MS = 150;
const DAY_MS = 86_400_000;
const budgets: Budget[] = [];

async function fill(database: Database) {
  await migrate(database);
  await seedPlans(database.db);
  const plans = await database.db.select({ id: subscriptionPlans.id }).from(subscriptionPlans);
  const now = Date.now();
  for (let start = 0; start < COUNT; start += 250) {
    const size = Math.min(250, COUNT - start);
    const registrations = await database.db
      .insert(businessRegistrations)
      .values(
        Array.from({ length: size }, (_, k) => ({
          businessName: `Bench Client ${start + k}`,
          ownerName: 'Bench Owner',
          email: `bench-${start + k}@example.com`,
          businessType: 'Retail Store',
          planId: plans[(start + k) % plans.length]!.id,
          status: 'active' as const,
        })),
      )
      .returning({ id: businessRegistrations.id, planId: businessRegistrations.planId });
    const subs = await database.db
      .insert(subscriptions)
      .values(
        registrations.map((r, k) => ({
          provider: 'test' as const,
          planId: r.planId,
          registrationId: r.id,
          // One in twenty has cancelled: archived, off the board.
          status: (start + k) % 20 === 0 ? ('canceled' as const) : ('active' as const),
          priceCents: 29_900,
          currency: 'usd',
          billingCycle: 'month',
        })),
      )
      .returning({ id: subscriptions.id, planId: subscriptions.planId });
    await database.db.insert(invoices).values(
      subs.map((s, k) => ({
        number: `INV-B${start + k}`,
        subscriptionId: s.id,
        planId: s.planId,
        kind: 'first' as const,
        status: 'paid' as const,
        amountCents: 29_900,
        currency: 'usd',
        // Paid over the last 120 days: some projects are well under way, some overdue.
        attemptedAt: new Date(now - ((start + k) % 120) * DAY_MS),
      })),
    );
  }
  const service = service_(database);
  await service.sync();
  // Work under way: the earlier stages done, one in review, in proportion to the time since paying.
  await database.db.execute(sql`update project_milestones m set status = case
      when m.due_on < current_date - 10 then 'done'
      when m.due_on < current_date then 'in_progress'
      else m.status end`);
  await database.db
    .update(projectMilestones)
    .set({ status: 'in_review' })
    .where(eq(projectMilestones.stage, 'design'));
  for (const table of ['projects', 'project_tracks', 'project_milestones'])
    await database.db.execute(sql.raw(`analyze ${table}`));
}

const service_ = (database: Database) =>
  createProjectService({
    db: database.db,
    timeZone: TIME_ZONE,
    mail: { siteName: 'Bench', teamEmail: 'team@example.com', supportEmail: 'help@example.com' },
    origin: 'http://localhost:5000',
    mailQueued: () => {},
    activity: createActivityLog(database.db),
  });

async function measure(label: string, database: Database) {
  await fill(database);
  const service = service_(database);
  console.log(`\n${label}: ${COUNT} paying clients`);
  const cards = async (manager?: string) =>
    (await service.board(manager)).columns.flatMap((c) => c.cards);
  const cases: [string, () => Promise<unknown[]>][] = [
    ['board, everyone', () => cards()],
    ['board, no project manager', () => cards('none')],
  ];
  // Its two parts, for reading the figures (no budget of their own).
  const parts: [string, () => Promise<unknown[]>][] = [
    ['  of which: the sync check', async () => [await service.sync()]],
    [
      '  of which: the board query',
      async () => (await readBoard(database.db, service.today(), undefined)).columns,
    ],
  ];
  for (const [name, call] of parts) {
    const { p50, p95 } = await timed(call);
    console.log(`  ${name.padEnd(38)} p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
  }
  const limit = label === 'PostgreSQL' ? P95_BUDGET_MS : PGLITE_P95_BUDGET_MS;
  await timeCases(label, cases, 'cards', limit, budgets);
}

await onBothDatabases(measure);
checkBudgets('projects', `the Projects board over ${COUNT} clients`, budgets);
