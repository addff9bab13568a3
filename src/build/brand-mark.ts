// The agency's shield in the HTML shell (vite.config.ts): drawn by the page from a symbol it holds,
// not fetched as an image (docs/decisions/016, third addendum).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The id of the shield's <symbol> in the shell; BrandMark (src/web/components/brand-mark.tsx) draws it with <use href="#…">. */
export const BRAND_MARK_SYMBOL = 'brand-mark';

const LOGO_FILE = path.resolve(import.meta.dirname, '../../public/logo.svg');

/**
 * public/logo.svg (the favicon and the logo search engines see) as a hidden <symbol>: its viewBox
 * and shapes, nothing of its root's other attributes (its role and label belong to each use).
 */
export function brandMarkSymbol(svg: string): string {
  const match = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(svg);
  const viewBox = match && /\bviewBox="([^"]+)"/.exec(match[1]!)?.[1];
  if (!match || !viewBox || !match[2]!.trim())
    throw new Error('brand mark: public/logo.svg must be one <svg> with a viewBox and shapes');
  return `<svg hidden aria-hidden="true"><symbol id="${BRAND_MARK_SYMBOL}" viewBox="${viewBox}">${match[2]!.trim()}</symbol></svg>`;
}

/**
 * Puts the shield's symbol at the start of the shell's <body>, in development and in the build.
 * - An <img> of an SVG makes the browser build a separate page for it and fetch it first: the
 *   preload scanner asks for it inside the navigation's commit task, before the first paint.
 * - Its path data in the first-load script would cost ~0.3 KB gzip of a 90 KB budget.
 * - A <use> of a symbol in the same document has nothing to load, so nothing can arrive late and
 *   move the page (as the earlier `<use href="/logo.svg#mark">` did now and then).
 */
export function brandMarkInShell(): Plugin {
  return {
    name: 'brand-mark-in-shell',
    transformIndexHtml(html) {
      if (!/<body>/.test(html)) throw new Error('brand mark: the shell has no <body>');
      const symbol = brandMarkSymbol(fs.readFileSync(LOGO_FILE, 'utf8'));
      return html.replace('<body>', () => `<body>\n    ${symbol}`);
    },
  };
}
