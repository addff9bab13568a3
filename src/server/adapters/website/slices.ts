import { performance } from 'node:perf_hooks';

/**
 * What a fetched site sends (robots.txt, a megabyte of HTML) is read in slices of synchronous work
 * this long at most; between them the event loop serves everyone else (`/healthz` included).
 */
export const SLICE_MS = 3;

/** HTML is handed to the parser in pieces of this many characters, a turn of the event loop between slices. */
export const HTML_PIECE = 4096;

/** When the current slice began: one budget for every reader of the process, not one each. */
let sliceStart = performance.now();
/** Readers whose budget ran out, first come first served: each new slice wakes one of them. */
const waiting: Array<() => void> = [];
let sliceQueued = false;

function startSlice(): void {
  sliceQueued = false;
  sliceStart = performance.now();
  waiting.shift()?.();
  if (waiting.length > 0) queueSlice();
}

function queueSlice(): void {
  if (sliceQueued) return;
  sliceQueued = true;
  setImmediate(startSlice);
}

/**
 * A `turn()` to call often inside a long loop: it resolves at once until `SLICE_MS` of work has
 * passed since the slice began, then waits for a later turn of the event loop (setImmediate:
 * timers and I/O first). The budget is shared: readers whose budget ran out wait in line and each
 * turn of the event loop gives a fresh slice to the first of them only, so with 25 checks reading
 * at once a turn still holds about one slice, not one each. Waking them all would not do: each
 * would pass its check before any of them had worked, and do a piece of work in the same turn.
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> {
  return () => {
    if (performance.now() - sliceStart < sliceMs) return Promise.resolve();
    return new Promise<void>((resolve) => {
      waiting.push(resolve);
      queueSlice();
    });
  };
}

/**
 * Pages nesting deeper than this are read up to there: the HTML parser's cost per tag grows with
 * the depth (quadratic on 1 MB of unclosed tags), and Chromium's parser stops nesting at 512 too.
 */
export const MAX_NESTING = 512;

/**
 * Pages with a tag of more attributes than this are read up to there: the parser keeps a tag's
 * attributes in one object until the tag ends, and growing it to 60,000 entries held the event loop
 * for 15–25 ms in one step. Real tags have a few dozen.
 */
export const MAX_ATTRIBUTES = 1000;
