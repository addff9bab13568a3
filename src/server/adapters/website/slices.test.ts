import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { SLICE_MS, slicer } from './slices.js';

/** One reader's unit of work between two calls of its `turn()`. */
const UNIT_MS = 0.5;

/** Busy for `ms` of the wall clock: the slicer budgets wall time too. */
const work = (ms: number) => {
  const start = performance.now();
  while (performance.now() - start < ms);
};

describe('slicer', () => {
  it('gives every reader together about one slice per turn of the event loop, not one each', async () => {
    const readers = 12;
    let running = readers;
    // Units of work done by all readers together between two turns of the event loop. Counting
    // units, not CPU or wall time, keeps the measure free of the machine's load and of the
    // process's other threads (garbage collection, compilation): a loaded machine only makes a
    // unit take longer, so fewer of them fit in a slice.
    let units = 0;
    const perTurn: number[] = [];
    const probe = () => {
      perTurn.push(units);
      units = 0;
      if (running > 0) setImmediate(probe);
    };
    setImmediate(probe);
    await Promise.all(
      Array.from({ length: readers }, async () => {
        const turn = slicer();
        for (let step = 0; step < 40; step++) {
          work(UNIT_MS);
          units++;
          await turn();
        }
        running--;
      }),
    );
    // One shared slice holds SLICE_MS / UNIT_MS units and the one that crosses its end; twelve
    // slices, one per reader, would hold twelve times that. Two slices' worth is the margin.
    const oneSlice = SLICE_MS / UNIT_MS + 1;
    expect(perTurn.length).toBeGreaterThan((readers * 40) / (2 * oneSlice));
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(2 * oneSlice);
  });
});
