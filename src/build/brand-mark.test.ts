import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandMark } from '../web/components/brand-mark';
import { BRAND_MARK_SYMBOL, brandMarkInShell, brandMarkSymbol } from './brand-mark';

const shell = fs.readFileSync(path.resolve(import.meta.dirname, '../web/index.html'), 'utf8');
const logo = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/logo.svg'), 'utf8');
const transform = (html: string) =>
  (brandMarkInShell().transformIndexHtml as unknown as (html: string) => string)(html);

describe('the brand mark in the shell', () => {
  it("holds public/logo.svg's shapes and viewBox as a hidden symbol at the start of <body>", () => {
    const html = transform(shell);
    const symbol = new RegExp(
      `<body>\\s*<svg hidden aria-hidden="true"><symbol id="${BRAND_MARK_SYMBOL}" viewBox="0 0 64 64">(.*?)</symbol></svg>`,
    ).exec(html);
    expect(symbol).not.toBeNull();
    const shapes = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(logo)![1]!.trim();
    expect(symbol![1]).toBe(shapes);
    expect(symbol![1]).toMatch(/^<path /);
    // The logo file's own role and label stay out: each use says what it is.
    expect(html).not.toContain('Shield logo');
    expect(html.indexOf('<symbol')).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('is what BrandMark draws: a labelled image, or decoration hidden from assistive technology', () => {
    const labelled = renderToStaticMarkup(
      createElement(BrandMark, { size: 56, label: 'Acme logo' }),
    );
    expect(labelled).toBe(
      `<svg width="56" height="56" role="img" aria-label="Acme logo"><use href="#${BRAND_MARK_SYMBOL}"></use></svg>`,
    );
    const decoration = renderToStaticMarkup(
      createElement(BrandMark, { size: 32, className: 'shrink-0' }),
    );
    expect(decoration).toBe(
      `<svg width="32" height="32" class="shrink-0" aria-hidden="true"><use href="#${BRAND_MARK_SYMBOL}"></use></svg>`,
    );
  });

  it('refuses a logo file it cannot turn into a symbol, and a shell without <body>', () => {
    expect(() =>
      brandMarkSymbol('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z"/></svg>'),
    ).toThrow(/viewBox/);
    expect(() => brandMarkSymbol('<svg viewBox="0 0 1 1"></svg>')).toThrow(/shapes/);
    expect(() => brandMarkSymbol('<png/>')).toThrow();
    expect(() => transform('<html><body class="x"></body></html>')).toThrow(/<body>/);
  });
});
