/** A background job: a timer that starts with the server and stops (waiting for work under way) on close. */
export interface Job {
  start(): void;
  stop(): void | Promise<void>;
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
}

export function createJobRegistry(): JobRegistry {
  const jobs = new Map<string, Job>();
  return {
    add(name, job) {
      if (jobs.has(name)) throw new Error(`A background job named '${name}' is already added.`);
      jobs.set(name, job);
    },
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
