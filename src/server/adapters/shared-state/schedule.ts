import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobSchedule } from '../../db/schema.js';
import { jobRunReporter, type JobRunListener } from '../../lib/jobs.js';

/**
 * Claims this period's run of `name`: whoever moves `next_run_at` forward in one statement runs
 * the job, every other instance sees a later `next_run_at` and skips. The first claim creates
 * the row. Answers true when this caller won.
 */
export async function claimJobRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const next = sql`now() + ${Math.max(1, Math.round(everyMs))}::integer * interval '1 millisecond'`;
  const rows = await db
    .insert(jobSchedule)
    .values({ name, nextRunAt: next, lastRunAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobSchedule.name,
      set: { nextRunAt: sql`excluded.next_run_at`, lastRunAt: sql`now()` },
      setWhere: sql`${jobSchedule.nextRunAt} <= now()`,
    })
    .returning({ name: jobSchedule.name });
  return rows.length === 1;
}

export interface ScheduledJob {
  start(): void;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
  /** Claims and runs once if due (what the timer calls); answers whether it ran here. */
  tick(): Promise<boolean>;
  /** Told of each run made here (claimed and run, or failed); a period another instance took is none. */
  onRun: (listener: JobRunListener) => void;
}

/**
 * A background job that runs once per `everyMs` across every instance on one database: each
 * instance checks every `checkEveryMs` (at most a minute) whether the period is due and claims it.
 */
export function runOnceAcrossInstances(options: {
  db: Db;
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
  checkEveryMs?: number;
}): ScheduledJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | undefined;
  const runs = jobRunReporter();

  async function claimAndRun(): Promise<boolean> {
    const started = performance.now();
    try {
      if (!(await claimJobRun(options.db, options.name, options.everyMs))) return false;
      await options.run();
      runs.report(started, false);
      return true;
    } catch (error) {
      runs.report(started, true);
      throw error;
    }
  }

  function tick(): Promise<boolean> {
    running ??= claimAndRun()
      .catch((error: unknown) => {
        options.onError(error);
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      timer ??= setInterval(
        () => void tick(),
        options.checkEveryMs ?? Math.min(options.everyMs, 60_000),
      );
      timer.unref();
      void tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    tick,
    onRun: runs.onRun,
  };
}
