import { slicer } from '../adapters/website/slices.js';

/**
 * A `turn` for the website readers (robots.txt, site check, social links) that records the CPU
 * time of each slice between turns of the event loop. CPU time, not the wall clock: on a shared
 * machine the wall clock also counts the time other processes had the core.
 */
export function cpuSlices() {
  const turn = slicer();
  const slices: number[] = [];
  let since = process.cpuUsage();
  return {
    slices,
    longest: () => Math.max(0, ...slices),
    turn: async () => {
      await turn();
      const used = process.cpuUsage(since);
      slices.push((used.user + used.system) / 1000);
      since = process.cpuUsage();
    },
  };
}

/** The CPU milliseconds `work` took (this process, all its threads). */
export async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
