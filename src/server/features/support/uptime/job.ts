import type { FastifyBaseLogger } from 'fastify';
import { jobRunReporter, type Job, type JobRunListener } from '../../../lib/jobs.js';
import type { CheckOutcome, DueSite, UptimeService } from './service.js';

/** How often each instance looks for due sites: well inside the 5-minute period. */
export const UPTIME_TICK_MS = 30_000;
/** Checks under way at once on one instance. */
export const UPTIME_CONCURRENCY = 25;

/** One tick's figures. */
export interface UptimeTick {
  claimed: number;
  checked: number;
  down: number;
  /** The most checks that were under way at once. */
  mostAtOnce: number;
  seconds: number;
}

export interface UptimeJob extends Job {
  /** Claims the due sites and checks them (what the timer calls); one tick at a time per instance. */
  tick(): Promise<UptimeTick>;
  stop(): Promise<void>;
  onRun(listener: JobRunListener): void;
}

/** Runs `work` on every item, at most `limit` at once; answers the most that ran at once. */
async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<number> {
  let next = 0;
  let running = 0;
  let most = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      running++;
      most = Math.max(most, running);
      try {
        await work(item);
      } finally {
        running--;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return most;
}

/**
 * The uptime checks (issue 30 §4): every instance looks every 30 s, and claims the sites due in
 * one statement that moves them a period ahead, so each site is checked once per period across
 * instances whichever instance takes it; the claimed sites are checked `concurrency` at once.
 */
export function createUptimeJob(options: {
  uptime: Pick<UptimeService, 'claimDue' | 'check'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  everyMs?: number;
  concurrency?: number;
  /** Tests and the bench: told of each check's outcome. */
  onChecked?: (site: DueSite, outcome: CheckOutcome | null) => void;
}): UptimeJob {
  const concurrency = options.concurrency ?? UPTIME_CONCURRENCY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<UptimeTick> | undefined;
  const runs = jobRunReporter();

  async function run(): Promise<UptimeTick> {
    const started = performance.now();
    const due = await options.uptime.claimDue();
    let checked = 0;
    let down = 0;
    const mostAtOnce = await eachAtMost(due, concurrency, async (site) => {
      try {
        const outcome = await options.uptime.check(site);
        checked++;
        if (outcome && !outcome.ok) down++;
        options.onChecked?.(site, outcome);
      } catch (error) {
        // One site's failure (a database blip while recording) does not stop the others.
        options.log?.error(
          { err: error, registrationId: site.registrationId },
          'uptime check failed',
        );
      }
    });
    const tick = {
      claimed: due.length,
      checked,
      down,
      mostAtOnce,
      seconds: (performance.now() - started) / 1000,
    };
    if (due.length > 0) options.log?.info({ uptime: tick }, 'uptime checks');
    return tick;
  }

  function tick(): Promise<UptimeTick> {
    running ??= runs.timed(run).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      const safeTick = () =>
        void tick().catch((error: unknown) =>
          options.log?.error({ err: error }, 'uptime checks failed'),
        );
      timer = setInterval(safeTick, options.everyMs ?? UPTIME_TICK_MS);
      timer.unref();
      safeTick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    tick,
    onRun: runs.onRun,
  };
}
