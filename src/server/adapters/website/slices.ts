import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * What a fetched site sends (robots.txt, a megabyte of HTML) is read in slices of synchronous work
 * this long at most; between them the event loop serves everyone else (`/healthz` included).
 */
export const SLICE_MS = 3;

/** HTML is handed to the parser in pieces of this many characters, a turn of the event loop between slices. */
export const HTML_PIECE = 4096;

/** When the current slice began: one budget for every reader of the process, not one each. */
let sliceStart = performance.now();
/** The turn of the event loop the readers whose budget ran out wait for, together. */
let nextSlice: Promise<void> | null = null;

/**
 * A `turn()` to call often inside a long loop: it resolves at once until `SLICE_MS` of work has
 * passed since the slice began, then waits for the next turn of the event loop (setImmediate:
 * timers and I/O first). The budget is shared: every reader whose budget ran out waits for the
 * same turn and they share one fresh slice there, so with 25 checks reading at once a turn of the
 * event loop still gives them about one slice, not one each (a reader that resumes after the slice
 * is spent waits for the next turn).
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> {
  return async () => {
    while (performance.now() - sliceStart >= sliceMs) {
      nextSlice ??= nextTurn().then(() => {
        nextSlice = null;
        sliceStart = performance.now();
      });
      await nextSlice;
    }
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
