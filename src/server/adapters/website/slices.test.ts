import { describe, expect, it } from 'vitest';
import { SLICE_MS, slicer } from './slices.js';

/** Busy for `ms` of CPU time (the wall clock would also count other processes on a shared machine). */
const work = (ms: number) => {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
};

describe('slicer', () => {
  it('gives every reader together about one slice per turn of the event loop, not one each', async () => {
    const readers = 12;
    let running = readers;
    // The CPU time between two turns of the event loop that another task could have had.
    const gaps: number[] = [];
    let since = process.cpuUsage();
    const probe = () => {
      const used = process.cpuUsage(since);
      gaps.push((used.user + used.system) / 1000);
      since = process.cpuUsage();
      if (running > 0) setImmediate(probe);
    };
    setImmediate(probe);
    await Promise.all(
      Array.from({ length: readers }, async () => {
        const turn = slicer();
        for (let step = 0; step < 40; step++) {
          work(0.5);
          await turn();
        }
        running--;
      }),
    );
    // Twelve readers with a slice each would hold nearly every turn for 12 × 3 ms. The 90th
    // percentile, not the maximum: cpuUsage counts the whole process, and a garbage collection or
    // the test runner's own work can land in any one gap (once 25 ms in a full run).
    const sorted = [...gaps].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(4 * SLICE_MS);
  });
});
