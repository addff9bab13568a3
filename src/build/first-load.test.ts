import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { compileOffMainThread, sentinelsWithoutStack } from './first-load';

const require = createRequire(import.meta.url);
// The file the build bundles (react-dom/client in production); its package does not export the path.
const reactDomClient = path.join(
  path.dirname(require.resolve('react-dom/package.json')),
  'cjs/react-dom-client.production.js',
);

type Hook = (
  this: { warn: (message: string) => void },
  ...args: unknown[]
) => { code: string } | null;
const hook = (plugin: Plugin, name: 'transform' | 'renderChunk' | 'generateBundle') =>
  plugin[name] as unknown as Hook;

function transform(code: string, id: string) {
  const warnings: string[] = [];
  const result = hook(sentinelsWithoutStack(), 'transform').call(
    { warn: (message) => warnings.push(message) },
    code,
    id,
  );
  return { result, warnings };
}

describe('sentinelsWithoutStack', () => {
  const original = fs.readFileSync(reactDomClient, 'utf8');

  it("makes React DOM's five sentinel exceptions without Error's constructor", () => {
    const { result, warnings } = transform(original, reactDomClient);
    expect(warnings).toEqual([]);
    for (const name of [
      'SuspenseException',
      'SuspenseyCommitException',
      'SuspenseActionException',
      'SelectiveHydrationException',
      'HydrationMismatchException',
    ]) {
      expect(original).toContain(`${name} = Error(`);
      expect(result!.code).not.toContain(`${name} = Error(`);
      expect(result!.code).toContain(`${name} = stacklessError(`);
    }
  });

  it('leaves a React DOM that loads and exports its API, with sentinels React sees as errors', () => {
    const { result } = transform(original, reactDomClient);
    // Run as the CommonJS module it is, with the real React and scheduler beside it.
    const module = { exports: {} as Record<string, unknown> };
    const probe = '\nmodule.exports.__sentinel = SuspenseException;';
    new Function('module', 'exports', 'require', 'process', result!.code + probe)(
      module,
      module.exports,
      require,
      { env: { NODE_ENV: 'production' } },
    );
    expect(typeof module.exports.hydrateRoot).toBe('function');
    expect(typeof module.exports.createRoot).toBe('function');
    const sentinel = module.exports.__sentinel as Error;
    expect(sentinel).toBeInstanceOf(Error);
    expect(sentinel.message).toMatch(/^Minified React error #460/);
    expect(Object.prototype.hasOwnProperty.call(sentinel, 'stack')).toBe(false);
  });

  it('touches no other file, and warns when React DOM no longer has them', () => {
    expect(
      transform('var SuspenseException = Error("x");', '/app/src/web/main.tsx').result,
    ).toBeNull();
    const { result, warnings } = transform('var nothing = 1;', reactDomClient);
    expect(result!.code).toContain('var nothing = 1;');
    expect(warnings).toHaveLength(1);
  });
});

describe('compileOffMainThread', () => {
  it("writes the bundler's CommonJS wrappers as parenthesized functions", () => {
    const code =
      'var a = __commonJSMin(((exports, module) => {\n  module.exports = 1;\n}));\nvar b = __commonJSMin((() => {\n}));';
    const result = hook(compileOffMainThread(), 'renderChunk').call({ warn: () => {} }, code);
    expect(result!.code).toBe(
      'var a = __commonJSMin((function(exports, module) {\n  module.exports = 1;\n}));\nvar b = __commonJSMin((function() {\n}));',
    );
    expect(
      hook(compileOffMainThread(), 'renderChunk').call({ warn: () => {} }, 'var c = () => 1;'),
    ).toBeNull();
  });

  it('puts the compile hint at the top of the entry chunk only', () => {
    const bundle = {
      entry: { type: 'chunk', isEntry: true, code: 'main();' },
      lazy: { type: 'chunk', isEntry: false, code: 'page();' },
    };
    hook(compileOffMainThread(), 'generateBundle').call({ warn: () => {} }, {}, bundle);
    expect(bundle.entry.code).toBe('//# allFunctionsCalledOnLoad\nmain();');
    expect(bundle.lazy.code).toBe('page();');
  });
});
