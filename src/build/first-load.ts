// Build plugins for the first load's script (vite.config.ts; docs/decisions/016 has the measurements):
// what the browser's main thread does with it before the page answers a tap.
import type { Plugin } from 'vite';

/**
 * The first load's script compiled off the main thread.
 * - The CommonJS packages in it (React DOM above all) are each bundled as one function that runs
 *   once, when the app starts. Written as an arrow, V8 compiles it lazily: on the main thread, when
 *   it is called, after a second full parse of React DOM (the landing page's longest task: about
 *   30 ms of a laptop's main thread, 4× that on a slow phone). Written as a parenthesized
 *   `function`, V8 compiles it eagerly, on the background thread that streams the script in (its
 *   "PIFE" heuristic).
 * - The entry chunk (everything the first page runs) starts with the `//# allFunctionsCalledOnLoad`
 *   compile hint (Chrome 136+): its other functions are compiled there too instead of on first call.
 */
export function compileOffMainThread(): Plugin {
  const wrapper = /__commonJSMin\(\(\(?([\w$, ]*)\)? => \{/g;
  return {
    name: 'compile-off-main-thread',
    apply: 'build',
    renderChunk(code) {
      if (!code.includes('__commonJSMin(')) return null;
      return {
        code: code.replace(wrapper, (_, params: string) => `__commonJSMin((function(${params}) {`),
        map: null,
      };
    },
    // After minifying, which would drop the comment; the file is the same on every build (its name stays true).
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry)
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
    },
  };
}

/** React DOM's internal exceptions, made once when it loads and thrown to unwind a render (compared by identity). */
const SENTINEL =
  /\b(SuspenseException|SuspenseyCommitException|SuspenseActionException|SelectiveHydrationException|HydrationMismatchException) = Error\(/g;
/** An object React and `instanceof Error` take for an error, made without Error's constructor (which records the stack). */
const STACKLESS_ERROR =
  'function stacklessError(message) { return Object.create(Error.prototype, { message: { value: message, writable: true, configurable: true } }); }\n';

/**
 * React DOM's sentinel exceptions made without a stack (docs/decisions/016). It makes five `Error`s
 * when it loads. While DevTools is attached, as in every Lighthouse run, V8 records each new
 * error's stack with line numbers. That makes it re-parse every function on the stack on the
 * main thread: React DOM's whole module function and the entry chunk's top level, 20–35 ms (×4
 * in Lighthouse's mobile profile). These errors are never shown and their stacks are never read:
 * React throws them and catches them by identity. As plain objects with Error's prototype they are
 * the same to React (and to `instanceof Error`), and nothing is recorded.
 */
export function sentinelsWithoutStack(): Plugin {
  return {
    name: 'sentinels-without-stack',
    apply: 'build',
    transform(code, id) {
      if (!/react-dom-client\.production\.js$/.test(id)) return null;
      const replaced = code.replace(SENTINEL, (_, name: string) => `${name} = stacklessError(`);
      if (replaced === code) {
        this.warn(
          'no sentinel exception found in React DOM: the stackless replacement no longer applies',
        );
        return { code, map: null };
      }
      return { code: STACKLESS_ERROR + replaced, map: null };
    },
  };
}
