import { describe, expect, it } from 'vitest';
import { createJobRegistry } from './jobs.js';

function fakeJob(log: string[], name: string, failStop = false) {
  return {
    start: () => void log.push(`start ${name}`),
    stop: async () => {
      log.push(`stop ${name}`);
      if (failStop) throw new Error(`${name} would not stop`);
    },
  };
}

describe('the job registry', () => {
  it('starts every job in the order added and stops each, started or not', async () => {
    const log: string[] = [];
    const jobs = createJobRegistry();
    jobs.add('a', fakeJob(log, 'a'));
    jobs.add('b', fakeJob(log, 'b'));
    expect(jobs.names()).toEqual(['a', 'b']);
    await jobs.stopAll();
    expect(log).toEqual(['stop a', 'stop b']);
    jobs.startAll();
    expect(log.slice(2)).toEqual(['start a', 'start b']);
  });

  it('a stop that fails does not keep the others running, and is reported', async () => {
    const log: string[] = [];
    const jobs = createJobRegistry();
    jobs.add('a', fakeJob(log, 'a', true));
    jobs.add('b', fakeJob(log, 'b'));
    await expect(jobs.stopAll()).rejects.toThrow('a would not stop');
    expect(log).toEqual(['stop a', 'stop b']);
  });

  it('refuses two jobs of one name', () => {
    const jobs = createJobRegistry();
    jobs.add('a', fakeJob([], 'a'));
    expect(() => jobs.add('a', fakeJob([], 'a'))).toThrow(/already added/);
  });
});
