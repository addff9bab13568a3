import { eq, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Database, Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';
import type { JobRegistry } from '../../lib/jobs.js';

/** Scrape-time reads get this long; a slower database shows as not ready rather than a hung scrape. */
const SCRAPE_BOUND_MS = 2_000;

/** Runs, failures, duration and last success of each background job run on this instance. */
export function countJobs(jobs: JobRegistry, registry: Registry): void {
  const labelNames = ['job'] as const;
  const registers = [registry];
  const runs = new Counter({
    name: 'agency_job_runs_total',
    help: 'Background job runs made on this instance (a period another instance ran is not one).',
    labelNames,
    registers,
    // Every job from 0, so a rate or an increase works before its first run.
    collect() {
      for (const job of jobs.names()) {
        runs.inc({ job }, 0);
        failures.inc({ job }, 0);
      }
    },
  });
  const failures = new Counter({
    name: 'agency_job_failures_total',
    help: 'Background job runs that ended in an error.',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'agency_job_duration_seconds',
    help: 'How long a background job run took.',
    labelNames,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers,
  });
  const lastSuccess = new Gauge({
    name: 'agency_job_last_success_timestamp_seconds',
    help: 'When a run of the job last ended without an error (Unix time).',
    labelNames,
    registers,
  });
  jobs.watch((job, run) => {
    runs.inc({ job });
    duration.observe({ job }, run.seconds);
    if (run.failed) failures.inc({ job });
    else lastSuccess.set({ job }, Date.now() / 1000);
  });
}

/** The pool's connections read on each scrape, and the time each request waited for one. */
export function watchDatabase(database: Database, registry: Registry): () => void {
  const registers = [registry];
  const stats = () => database.poolStats?.();
  const gauges = [
    [
      'agency_db_pool_connections',
      'Open database connections (PGlite: its one connection).',
      'total',
    ],
    ['agency_db_pool_idle_connections', 'Open database connections not in use.', 'idle'],
    [
      'agency_db_pool_waiting_requests',
      'Queries waiting for a database connection right now.',
      'waiting',
    ],
  ] as const;
  for (const [name, help, field] of gauges)
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const now = stats();
        if (now) this.set(now[field]);
      },
    });
  const wait = new Histogram({
    name: 'agency_db_connection_wait_seconds',
    help: 'Time a query waited for a database connection (a wait that timed out counts too).',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  return database.onAcquire?.((seconds) => wait.observe(seconds)) ?? (() => {});
}

/** E-mails waiting in the outbox and the age of the oldest, by one indexed query per scrape. */
export function watchOutbox(db: Db, registry: Registry): void {
  let reading: Promise<{ pending: number; oldest: number | null } | undefined> | undefined;
  // Both gauges collect at once on a scrape: they share one query.
  const read = () =>
    (reading ??= withinMs(
      db
        .select({
          pending: sql<number>`count(*)::int`,
          oldest: sql<
            number | null
          >`extract(epoch from now() - min(${outboxMessages.createdAt}))::float8`,
        })
        .from(outboxMessages)
        .where(eq(outboxMessages.status, 'pending'))
        .then(([row]) => row),
    )
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      }));
  new Gauge({
    name: 'agency_outbox_pending_messages',
    help: 'E-mails in the outbox not sent yet (due, or waiting for a retry).',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(row.pending);
    },
  });
  new Gauge({
    name: 'agency_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail not sent yet; 0 when none waits.',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(Math.max(0, row.oldest ?? 0));
    },
  });
}

/**
 * What /readyz checks, 1 or 0 per dependency, read on each scrape: the database answers a ping;
 * with REDIS_URL, the shared counters are in Redis (0: Redis is down and they fell back to the
 * database, docs/decisions/025).
 */
export function watchReadiness(
  registry: Registry,
  checks: { database: Database; redis?: (() => boolean) | undefined },
): void {
  new Gauge({
    name: 'agency_dependency_ready',
    help: 'Whether a dependency answers (1) or not (0): database, and redis when REDIS_URL is set.',
    labelNames: ['dependency'],
    registers: [registry],
    async collect() {
      const database = await withinMs(checks.database.ping()).then(
        () => 1,
        () => 0,
      );
      this.set({ dependency: 'database' }, database);
      if (checks.redis) this.set({ dependency: 'redis' }, checks.redis() ? 1 : 0);
    },
  });
}

function withinMs<T>(work: Promise<T>, ms = SCRAPE_BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  work.catch(() => {}); // answered late: the scrape already moved on
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
