// npm run bench:uptime — one 5-minute period of uptime checks (issue 30 §5) for 500 client sites
// on one instance: the job's claim and checks, 25 at once, against one local fake server with a
// path per site (a tenth of them slow, 1–3 s; a few dead: 5 that never answer, cut off by the
// 10 s limit, and 5 that hang up). On a throw-away PostgreSQL database when TEST_DATABASE_URL or
// BENCH_DATABASE_URL is set, else on PGlite in memory.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { UPTIME_CHECK_MINUTES } from '../src/contract/support/uptime.js';
import { websiteAddressPolicy } from '../src/server/adapters/website/safe-fetch.js';
import { uptimeProbe } from '../src/server/adapters/website/uptime-probe.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { businessRegistrations, siteMonitors, subscriptionPlans } from '../src/server/db/schema.js';
import { seed } from '../src/server/seed/seed.js';
import {
  createUptimeJob,
  createUptimeService,
  UPTIME_CONCURRENCY,
  type SystemRequests,
} from '../src/server/features/support/uptime/index.js';
import { seededRandom } from '../src/server/lib/seeded-random.js';
import { checkBudgets, quantile, withThrowawayDatabase, type Budget } from './lib.js';

const SITES = Number(process.env.BENCH_UPTIME_SITES ?? 500);
const PERIOD_S = UPTIME_CHECK_MINUTES * 60;
const HANGING = 5;
const HANGING_UP = 5;

// The fake sites: /site/<n>. Deterministic, so every run meets the same slow and dead sites.
const random = seededRandom(30);
const kinds = Array.from({ length: SITES }, (_, n) => {
  if (n < HANGING) return { kind: 'hang' as const, delayMs: 0 };
  if (n < HANGING + HANGING_UP) return { kind: 'hang-up' as const, delayMs: 0 };
  if (n % 10 === 0) return { kind: 'slow' as const, delayMs: 1000 + Math.round(random() * 2000) };
  return { kind: 'fast' as const, delayMs: Math.round(random() * 30) };
});
const meter = { open: 0, most: 0, requests: 0 };
const server = http.createServer((req, res) => {
  meter.requests++;
  meter.open++;
  meter.most = Math.max(meter.most, meter.open);
  res.once('close', () => meter.open--);
  const site = kinds[Number(/^\/site\/(\d+)/.exec(req.url ?? '')?.[1] ?? -1)];
  if (!site) return void res.writeHead(404).end();
  if (site.kind === 'hang') return; // never answers
  if (site.kind === 'hang-up') return void req.socket.destroy();
  setTimeout(
    () => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Open</h1>'),
    site.delayMs,
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const requests: SystemRequests & { opened: number } = {
  opened: 0,
  async open() {
    return { id: `bench-${++requests.opened}` };
  },
  async resolve() {},
};

async function run(label: string, database: Database): Promise<Budget[]> {
  await migrate(database);
  await seed(database, { demoData: false });
  const db = database.db;
  const [plan] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).limit(1);
  const ids = await db
    .insert(businessRegistrations)
    .values(
      kinds.map((_, n) => ({
        businessName: `Uptime Bench ${n}`,
        ownerName: 'Bench Owner',
        email: `uptime-${n}@bench.example`,
        businessType: 'Restaurant',
        planId: plan!.id,
        status: 'active' as const,
      })),
    )
    .returning({ id: businessRegistrations.id });
  const start = new Date();
  await db.insert(siteMonitors).values(
    ids.map(({ id }, n) => ({
      registrationId: id,
      url: `${origin}/site/${n}`,
      nextCheckAt: start,
    })),
  );

  const uptime = createUptimeService({
    db,
    requests,
    probe: uptimeProbe({ isAllowedAddress: websiteAddressPolicy(true) }),
    timeZone: 'America/Chicago',
    isAllowedAddress: websiteAddressPolicy(true),
  });
  const each: number[] = [];
  const startedAt = new Map<string, number>();
  const job = createUptimeJob({
    uptime: {
      claimDue: (limit) => uptime.claimDue(limit),
      check: (site) => {
        startedAt.set(site.registrationId, performance.now());
        return uptime.check(site);
      },
    },
    onChecked: (site) => each.push(performance.now() - startedAt.get(site.registrationId)!),
  });
  meter.most = 0;
  meter.requests = 0;
  const tick = await job.tick();
  // Later in the same period nothing is due again: each site was claimed once.
  const again = await job.tick();
  const states = await db.select({ state: siteMonitors.state }).from(siteMonitors);
  const down = states.filter((m) => m.state !== 'up').length;
  each.sort((x, y) => x - y);
  console.log(
    `\n${label}: ${tick.checked} of ${SITES} sites checked in ${tick.seconds.toFixed(2)} s ` +
      `(period ${PERIOD_S} s), at most ${tick.mostAtOnce} checks at once (bound ${UPTIME_CONCURRENCY}), ` +
      `the fake server saw ${meter.requests} requests, at most ${meter.most} open at once; ` +
      `per check p50 ${quantile(each, 0.5).toFixed(0)} ms, p95 ${quantile(each, 0.95).toFixed(0)} ms, max ${each.at(-1)!.toFixed(0)} ms; ` +
      `${tick.down} failed checks, ${down} sites not up (one failure is not yet down); claimed again at once: ${again.claimed}`,
  );
  return [
    {
      what: `${label}: sites checked in the period`,
      measured: tick.checked,
      must: '>=',
      limit: SITES,
      unit: '',
      digits: 0,
    },
    {
      what: `${label}: one period's checks`,
      measured: tick.seconds,
      must: '<=',
      limit: PERIOD_S,
      unit: 's',
      digits: 2,
    },
    {
      what: `${label}: checks at once (job)`,
      measured: tick.mostAtOnce,
      must: '<=',
      limit: UPTIME_CONCURRENCY,
      unit: '',
      digits: 0,
    },
    {
      what: `${label}: requests open at once (fake server)`,
      measured: meter.most,
      must: '<=',
      limit: UPTIME_CONCURRENCY,
      unit: '',
      digits: 0,
    },
    {
      what: `${label}: sites claimed twice in the period`,
      measured: again.claimed,
      must: '<=',
      limit: 0,
      unit: '',
      digits: 0,
    },
  ];
}

const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const budgets = postgres
  ? await withThrowawayDatabase(async (url) => {
      const database = await openDatabase({ kind: 'postgres', url });
      try {
        return await run('PostgreSQL', database);
      } finally {
        await database.close();
      }
    })
  : await (async () => {
      const database = await openDatabase({ kind: 'pglite' });
      try {
        return await run('PGlite (in memory)', database);
      } finally {
        await database.close();
      }
    })();
server.closeAllConnections();
server.close();
checkBudgets(
  'uptime',
  `uptime checks of ${SITES} sites in one ${UPTIME_CHECK_MINUTES}-minute period`,
  budgets,
);
process.exit(); // with checkBudgets' exit code
