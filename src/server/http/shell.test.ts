import { describe, expect, it } from 'vitest';
import { renderShell } from './shell.js';

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
