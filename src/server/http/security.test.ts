import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security.js';

describe('content security policy', () => {
  it('allows no outside script or frame in test mode', () => {
    const csp = securityHeaders({ httpsOnly: false })['content-security-policy']!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toContain('stripe');
  });

  it("allows the shell's own inline scripts by hash, never 'unsafe-inline'", () => {
    const csp = securityHeaders({
      httpsOnly: false,
      scriptHashes: ["'sha256-abc='", "'sha256-def='"],
    })['content-security-policy']!;
    expect(csp).toContain("script-src 'self' 'sha256-abc=' 'sha256-def=';");
    expect(csp).not.toContain('unsafe-inline');
    const withStripe = securityHeaders({
      httpsOnly: true,
      stripe: true,
      scriptHashes: ["'sha256-abc='"],
    })['content-security-policy']!;
    expect(withStripe).toContain(
      "script-src 'self' 'sha256-abc=' https://js.stripe.com https://*.js.stripe.com;",
    );
  });

  it("allows the shell's inline style sheet by its hash, never 'unsafe-inline'", () => {
    const csp = securityHeaders({ httpsOnly: false, styleHashes: ["'sha256-css='"] })[
      'content-security-policy'
    ]!;
    expect(csp).toContain("style-src 'self' 'sha256-css=';");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('allows Stripe.js, its frames and its API only when Stripe takes the payments', () => {
    const csp = securityHeaders({ httpsOnly: true, stripe: true })['content-security-policy']!;
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    );
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('API answers', () => {
  it('keep the headers that guard data, with the strictest policy, and HSTS when the site is HTTPS', () => {
    const page = securityHeaders({ httpsOnly: true, stripe: true });
    expect(apiSecurityHeaders(page)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': page['strict-transport-security'],
    });
    expect(
      apiSecurityHeaders(securityHeaders({ httpsOnly: false }))['strict-transport-security'],
    ).toBeUndefined();
  });
});
