import { describe, expect, it } from 'vitest';
import { applicationInput } from '../applications/applications.js';
import { portfolioInput } from '../portfolio/admin.js';
import { investorInput } from '../investors/investors.js';
import { newLeadInput } from '../leads/leads.js';
import { businessRegistrationInput } from '../registration/registration.js';
import { httpUrlOrNull, isHttpUrl, withWebScheme } from './web-address.js';

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  'ftp://example.com/x',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  'http:/evil.example',
  'https://',
  'http://exa mple.com',
  'mailto:a@example.com',
];

describe('web addresses', () => {
  it('accepts absolute http and https links only', () => {
    for (const ok of [
      'http://example.com',
      'https://example.com/a?b=c#d',
      'HTTPS://Example.COM',
      'https://127.0.0.1:8080/x',
      'https://[::1]/',
    ])
      expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of HOSTILE) expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('drops what an outside source gives that is not an http(s) link', () => {
    expect(httpUrlOrNull(' https://example.com/x ')).toBe('https://example.com/x');
    for (const bad of [...HOSTILE, '', null, undefined, 42, { href: 'https://x.example' }])
      expect(httpUrlOrNull(bad)).toBeNull();
  });

  it('takes a website typed without its scheme as https, and nothing else', () => {
    expect(withWebScheme('alamoplumbing.com')).toBe('https://alamoplumbing.com');
    expect(withWebScheme('www.alamoplumbing.com/menu?a=1')).toBe(
      'https://www.alamoplumbing.com/menu?a=1',
    );
    expect(withWebScheme('alamoplumbing.com:8080')).toBe('https://alamoplumbing.com:8080');
    expect(withWebScheme('http://alamoplumbing.com')).toBe('http://alamoplumbing.com');
    for (const left of ['alamoplumbing', 'jo@alamo.com', '/about.html', '//evil.example', 'a .com'])
      expect(withWebScheme(left), left).toBe(left);
    for (const bad of HOSTILE) expect(isHttpUrl(withWebScheme(bad.trim())), bad).toBe(false);
    const base = {
      businessName: 'Alamo Plumbing',
      ownerName: 'Jo',
      email: 'jo@example.com',
      businessType: 'Other',
      subscriptionPlan: 'Basic',
    };
    const typed = businessRegistrationInput.safeParse({ ...base, website: ' alamoplumbing.com ' });
    expect(typed.success && typed.data.website).toBe('https://alamoplumbing.com');
    expect(businessRegistrationInput.safeParse({ ...base, website: 'alamoplumbing' }).success).toBe(
      false,
    );
  });

  it('refuses other schemes in every contract that stores a link, naming the field', () => {
    const cases: [
      string,
      {
        safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
      },
      Record<string, unknown>,
    ][] = [
      ['url', applicationInput, { name: 'App' }],
      ['logoUrl', applicationInput, { name: 'App', url: 'https://app.example' }],
      ['websiteUrl', portfolioInput, { websiteName: 'Site' }],
      ['logoUrl', portfolioInput, { websiteName: 'Site', websiteUrl: 'https://site.example' }],
      ['linkedinUrl', investorInput, { name: 'Jane' }],
      ['profilePhoto', investorInput, { name: 'Jane' }],
      ['website', newLeadInput, { provider: 'directory', sourceId: 'x', name: 'Shop' }],
      [
        'website',
        businessRegistrationInput,
        {
          businessName: 'Shop',
          ownerName: 'Jo',
          email: 'jo@example.com',
          businessType: 'Other',
          subscriptionPlan: 'Basic',
        },
      ],
    ];
    for (const [field, schema, base] of cases) {
      expect(
        schema.safeParse({ ...base, [field]: 'https://fine.example/x' }).success,
        `${field} accepts https`,
      ).toBe(true);
      for (const bad of HOSTILE.slice(0, 6)) {
        const result = schema.safeParse({ ...base, [field]: bad });
        expect(result.success, `${field} = ${bad}`).toBe(false);
        expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
      }
    }
    const profile = (url: string) =>
      newLeadInput.safeParse({
        provider: 'directory',
        sourceId: 'x',
        name: 'Shop',
        socialProfiles: [{ network: 'facebook', url }],
      });
    expect(profile('https://www.facebook.com/shop').success).toBe(true);
    expect(profile('javascript:alert(1)').success).toBe(false);
  });

  it('keeps a logo that is a path on this site (local-disk uploads, demo logos), not another host', () => {
    expect(
      portfolioInput.safeParse({
        websiteName: 'Site',
        websiteUrl: 'https://site.example',
        logoUrl: '/uploads/portfolio-logo/a.webp',
      }).success,
    ).toBe(true);
    expect(
      portfolioInput.safeParse({
        websiteName: 'Site',
        websiteUrl: 'https://site.example',
        logoUrl: '/demo/harbor-lights.svg',
      }).success,
    ).toBe(true);
    expect(
      portfolioInput.safeParse({
        websiteName: 'Site',
        websiteUrl: 'https://site.example',
        logoUrl: '//evil.example/a.webp',
      }).success,
    ).toBe(false);
  });
});
