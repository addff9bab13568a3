// npm run bench:support — the team's support queue over 10,000 requests (issue 30 §5): p50/p95 of
// the queue's first page (with its view counts), a later page, the breached view and the figures,
// on PostgreSQL and on PGlite. PostgreSQL: a throw-away database beside BENCH_DATABASE_URL.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.js';
import {
  businessRegistrations,
  subscriptionPlans,
  supportMessages,
  supportRequests,
  user,
} from '../src/server/db/schema.js';
import { migrate } from '../src/server/db/migrate.js';
import { seedPlans } from '../src/server/features/plans/seed.js';
import { createSupportService } from '../src/server/features/support/service.js';
import { createSupportSettings } from '../src/server/features/support/settings.js';
import { checkBudgets, onBothDatabases, timeCases, type Budget } from './lib.js';

const COUNT = Number(process.env.BENCH_SUPPORT_REQUESTS ?? 10_000);
const CLIENTS = 1_000;
const TIME_ZONE = 'America/Chicago';
/** The budget: the queue over 10,000 requests, p95 on PostgreSQL. */
const P95_BUDGET_MS = 50;
/** PGlite (one process, WebAssembly) is the embedded default, not the production database. */
const PGLITE_P95_BUDGET_MS = 150;
const HOUR = 3_600_000;
const budgets: Budget[] = [];

async function fill(database: Database) {
  const { db } = database;
  await migrate(database);
  await seedPlans(db);
  const [plan] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).limit(1);
  await db.insert(user).values(
    Array.from({ length: 5 }, (_, k) => ({
      id: `bench-employee-${k}`,
      name: `Bench Employee ${k}`,
      email: `bench-employee-${k}@example.com`,
    })),
  );
  const clients: string[] = [];
  for (let start = 0; start < CLIENTS; start += 500) {
    const rows = await db
      .insert(businessRegistrations)
      .values(
        Array.from({ length: 500 }, (_, k) => ({
          businessName: `Bench Client ${start + k}`,
          ownerName: 'Bench Owner',
          email: `bench-${start + k}@example.com`,
          businessType: 'Retail Store',
          planId: plan!.id,
          status: 'active' as const,
        })),
      )
      .returning({ id: businessRegistrations.id });
    clients.push(...rows.map((r) => r.id));
  }
  const now = Date.now();
  for (let start = 0; start < COUNT; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, COUNT - start) }, (_, k) => {
      const i = start + k;
      // Spread over 60 days; most closed, a tenth open, a tenth answered; a fifth urgent.
      const createdAt = new Date(now - (i % 1440) * HOUR);
      const urgent = i % 5 === 0;
      const status = i % 10 === 0 ? 'open' : i % 10 === 1 ? 'answered' : 'closed';
      const due = new Date(createdAt.getTime() + (urgent ? 1 : 24) * HOUR);
      const answered =
        status !== 'open' ? new Date(createdAt.getTime() + ((i % 7) + 1) * HOUR) : null;
      return {
        registrationId: clients[i % clients.length]!,
        topic: 'broken' as const,
        urgency: urgent ? ('urgent' as const) : ('normal' as const),
        status: status as 'open' | 'answered' | 'closed',
        source: 'web' as const,
        title: `Bench request ${i}`,
        replyToken: `${i.toString(16).padStart(24, '0')}`,
        assigneeId: i % 3 === 0 ? `bench-employee-${i % 5}` : null,
        firstResponseDueAt: due,
        firstResponseAt: answered,
        acknowledgedAt: answered,
        closedAt: status === 'closed' ? answered : null,
        createdAt,
        lastMessageAt: answered ?? createdAt,
      };
    });
    const rows = await db
      .insert(supportRequests)
      .values(batch)
      .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
    await db.insert(supportMessages).values(
      rows.map((r) => ({
        requestId: r.id,
        kind: 'client' as const,
        authorName: 'Bench Owner',
        body: 'Something is not right on my website.',
        via: 'web' as const,
        createdAt: r.createdAt,
      })),
    );
  }
  for (const table of ['support_requests', 'support_messages', 'business_registrations'])
    await db.execute(sql.raw(`analyze ${table}`));
}

async function measure(label: string, database: Database) {
  await fill(database);
  const settings = createSupportSettings(database.db, TIME_ZONE);
  const support = createSupportService({
    db: database.db,
    mail: { siteName: 'Bench', teamEmail: 'team@example.com', supportEmail: 'help@example.com' },
    emailOrigin: 'http://localhost:5000',
    mailQueued: () => {},
    timeZone: TIME_ZONE,
    settings,
    clock: { now: async () => new Date() },
    chat: { send: async () => {} },
    inboundAddress: 'support@inbound.example',
    log: { error: () => {} },
  });
  console.log(`\n${label}: ${COUNT} requests of ${CLIENTS} clients`);
  const me = 'bench-employee-0';
  const cases: [string, () => Promise<unknown[]>][] = [
    ['queue, open, page 1', async () => (await support.queue({ view: 'open', page: 1 }, me)).items],
    [
      'queue, open, page 20',
      async () => (await support.queue({ view: 'open', page: 20 }, me)).items,
    ],
    [
      'queue, closed, page 1',
      async () => (await support.queue({ view: 'closed', page: 1 }, me)).items,
    ],
    [
      'queue, breached, urgent',
      async () => (await support.queue({ view: 'breached', urgency: 'urgent', page: 1 }, me)).items,
    ],
    ['queue, mine', async () => (await support.queue({ view: 'mine', page: 1 }, me)).items],
    ['figures (30 days)', async () => [await support.figures()]],
  ];
  const limit = label === 'PostgreSQL' ? P95_BUDGET_MS : PGLITE_P95_BUDGET_MS;
  await timeCases(label, cases, 'rows', limit, budgets);
}

await onBothDatabases(measure);
checkBudgets('support', `the support queue over ${COUNT} requests`, budgets);
