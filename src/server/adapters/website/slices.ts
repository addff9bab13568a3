import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * What a fetched site sends (robots.txt, a megabyte of HTML) is read in slices of synchronous work
 * this long at most; between them the event loop serves everyone else (`/healthz` included).
 */
export const SLICE_MS = 3;

/** HTML is handed to the parser in pieces of this many characters, a turn of the event loop between slices. */
export const HTML_PIECE = 4096;

/**
 * A `turn()` to call often inside a long loop: it resolves at once until `SLICE_MS` of work has
 * passed since the last turn, then lets the event loop run (setImmediate: timers and I/O first).
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * Pages nesting deeper than this are read up to there: the HTML parser's cost per tag grows with
 * the depth (quadratic on 1 MB of unclosed tags), and Chromium's parser stops nesting at 512 too.
 */
export const MAX_NESTING = 512;
