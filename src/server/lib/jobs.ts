/** A background job: a timer that starts with the server and stops (waiting for work under way) on close. */
export interface Job {
  start(): void;
  stop(): void | Promise<void>;
  /** Where the job tells of each run it made here (the registry listens when the job is added). */
  onRun?(listener: JobRunListener): void;
}

/** One run of a job on this instance: how long it took and whether it failed. */
export interface JobRun {
  seconds: number;
  failed: boolean;
}
export type JobRunListener = (run: JobRun) => void;

/** A job's side of `onRun`: `report` tells every listener of a run that began at `startedMs` (performance.now()). */
export function jobRunReporter() {
  const listeners: JobRunListener[] = [];
  const report = (startedMs: number, failed: boolean) => {
    const run = { seconds: (performance.now() - startedMs) / 1000, failed };
    for (const listener of listeners) listener(run);
  };
  return {
    onRun: (listener: JobRunListener) => void listeners.push(listener),
    report,
    /** Runs `work` as one run: reported when it ends, failed if it throws. */
    async timed<T>(work: () => Promise<T>): Promise<T> {
      const started = performance.now();
      let failed = true;
      try {
        const result = await work();
        failed = false;
        return result;
      } finally {
        report(started, failed);
      }
    },
  };
}

/**
 * Every background job of the app, in one place: features add theirs while they register, the
 * server starts them all (tests do not: they run the work by hand), and closing the app stops
 * them all, started or not (a stop also releases what the job holds, such as a mail connection).
 */
export interface JobRegistry {
  add(name: string, job: Job): void;
  /** The jobs' names, in the order they were added. */
  names(): string[];
  startAll(): void;
  /** Stops each job in turn; a stop that fails does not keep the others running. */
  stopAll(): Promise<void>;
  /** Calls `listener` after each run of any job, added before or after (the metrics count them). */
  watch(listener: (name: string, run: JobRun) => void): void;
}

export function createJobRegistry(): JobRegistry {
  const jobs = new Map<string, Job>();
  const watchers: ((name: string, run: JobRun) => void)[] = [];
  return {
    add(name, job) {
      if (jobs.has(name)) throw new Error(`A background job named '${name}' is already added.`);
      jobs.set(name, job);
      job.onRun?.((run) => {
        for (const watcher of watchers) watcher(name, run);
      });
    },
    watch: (listener) => void watchers.push(listener),
    names: () => [...jobs.keys()],
    startAll() {
      for (const job of jobs.values()) job.start();
    },
    async stopAll() {
      const failures: unknown[] = [];
      for (const job of jobs.values()) {
        try {
          await job.stop();
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}
