import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTheme, storedTheme } from './theme';

/** The HTML shell's <head> script, which applies the remembered theme before the first paint. */
const headScript = /<script>([\s\S]*?)<\/script>/.exec(
  fs.readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8'),
)![1]!;

function fakeStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Runs the head script on a fresh page with this storage; answers the theme it set on <html>. */
function loadPage(localStorage: unknown): string | undefined {
  const documentElement = { dataset: {} as Record<string, string> };
  vm.runInNewContext(headScript, { localStorage, document: { documentElement } });
  return documentElement.dataset.theme;
}

afterEach(() => vi.unstubAllGlobals());

describe('the theme', () => {
  it('is remembered by the toggle and applied by the head script on the next visit', () => {
    const storage = fakeStorage();
    const documentElement = { dataset: {} as Record<string, string> };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', { documentElement });

    setTheme('dark');
    expect(documentElement.dataset.theme).toBe('dark');
    expect(storedTheme()).toBe('dark');
    expect(loadPage(storage)).toBe('dark');

    setTheme('light');
    expect(loadPage(storage)).toBe('light');

    setTheme('system');
    expect(documentElement.dataset.theme).toBeUndefined();
    expect(storedTheme()).toBe('system');
    expect(loadPage(storage)).toBeUndefined();
  });

  it('ignores a stored value it does not know and storage that refuses to be read', () => {
    expect(loadPage(fakeStorage({ theme: 'purple' }))).toBeUndefined();
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadPage(refusing)).toBeUndefined();
    vi.stubGlobal('localStorage', refusing);
    expect(storedTheme()).toBe('system');
  });
});
