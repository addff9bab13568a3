import { Registry } from 'prom-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import { createJobRegistry } from '../../lib/jobs.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { countJobs } from './collectors.js';
import { parseExposition, sampleValue } from './scrape.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('pglite', { seed: false });
});
afterAll(() => testDb?.cleanup());

it('counts a run made here, not a period another instance took, and a failure as both', async () => {
  const db = testDb.database.db;
  let fail = false;
  const scheduled = (name: string, everyMs: number) =>
    runOnceAcrossInstances({
      db,
      name,
      everyMs,
      run: async () => {
        if (fail) throw new Error('the work failed');
      },
      onError: () => {},
    });
  // Two instances with one job on one database: one period, one run, on the instance that took it.
  const here = createJobRegistry();
  const there = createJobRegistry();
  const registry = new Registry();
  countJobs(here, registry);
  const hereCleanup = scheduled('metrics-cleanup', 60_000);
  const thereCleanup = scheduled('metrics-cleanup', 60_000);
  here.add('cleanup', hereCleanup);
  there.add('cleanup', thereCleanup);
  const ranThere: string[] = [];
  there.watch((name, run) => ranThere.push(`${name} ${run.failed ? 'failed' : 'ok'}`));

  const cleanup = { job: 'cleanup' };
  let samples = parseExposition(await registry.metrics());
  expect(sampleValue(samples, 'agency_job_runs_total', cleanup)).toBe(0);
  expect(sampleValue(samples, 'agency_job_failures_total', cleanup)).toBe(0);
  expect(await thereCleanup.tick()).toBe(true);
  expect(ranThere).toEqual(['cleanup ok']);
  expect(await hereCleanup.tick()).toBe(false);
  samples = parseExposition(await registry.metrics());
  expect(sampleValue(samples, 'agency_job_runs_total', cleanup)).toBe(0);

  // A job due at every tick, failing: a run and a failure, and no last success yet.
  const frequent = scheduled('metrics-frequent', 1);
  here.add('frequent', frequent);
  fail = true;
  expect(await frequent.tick()).toBe(false);
  samples = parseExposition(await registry.metrics());
  const job = { job: 'frequent' };
  expect(sampleValue(samples, 'agency_job_runs_total', job)).toBe(1);
  expect(sampleValue(samples, 'agency_job_failures_total', job)).toBe(1);
  expect(sampleValue(samples, 'agency_job_duration_seconds_count', job)).toBe(1);
  expect(sampleValue(samples, 'agency_job_last_success_timestamp_seconds', job)).toBeUndefined();

  fail = false;
  await expect.poll(() => frequent.tick()).toBe(true);
  samples = parseExposition(await registry.metrics());
  expect(sampleValue(samples, 'agency_job_runs_total', job)).toBeGreaterThanOrEqual(2);
  expect(sampleValue(samples, 'agency_job_failures_total', job)).toBe(1);
  const last = sampleValue(samples, 'agency_job_last_success_timestamp_seconds', job) ?? 0;
  expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
});
