import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes, renderShell } from './shell.js';

describe('renderShell', () => {
  it('escapes the site name in HTML and keeps JSON-LD from closing its script tag', () => {
    const html = renderShell(
      '<title>{{SITE_NAME}}</title><script type="application/ld+json">{{JSON_LD}}</script>{{UNKNOWN}}',
      { name: '</script><b>"x"', supportEmail: 'a@example.com' },
      'https://a.example.com',
    );
    expect(html).toContain('<title>&lt;/script&gt;&lt;b&gt;&quot;x&quot;</title>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('{{UNKNOWN}}');
  });
});

describe('inlineScriptHashes', () => {
  const sha256 = (text: string) =>
    `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

  it('hashes the scripts that run inline, not data blocks or scripts loaded by src', () => {
    const theme = "\n  document.documentElement.dataset.theme = 'dark';\n";
    const html = `<head><script>${theme}</script><script type="application/ld+json">{{JSON_LD}}</script><script type="module" src="/assets/a.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(theme)]);
  });

  it('refuses an inline script that would be filled in per request', () => {
    expect(() => inlineScriptHashes('<script>var name = "{{SITE_NAME}}";</script>')).toThrow(
      /placeholders/,
    );
  });

  it('finds exactly the theme script in the real shell', () => {
    const shell = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../web/index.html'),
      'utf8',
    );
    const hashes = inlineScriptHashes(shell);
    expect(hashes).toHaveLength(1);
    const theme = /<script>([\s\S]*?)<\/script>/.exec(shell)![1]!;
    expect(theme).toContain('localStorage');
    expect(hashes[0]).toBe(sha256(theme));
  });
});

describe('inlineStyleHashes', () => {
  it('hashes each inline style sheet exactly as written', () => {
    const css = 'body{color:red}\n.a>.b{margin:0}';
    const expected = `'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`;
    expect(
      inlineStyleHashes(`<head><style>${css}</style><link rel="stylesheet" href="/x.css"></head>`),
    ).toEqual([expected]);
    expect(inlineStyleHashes('<head></head>')).toEqual([]);
  });
});
