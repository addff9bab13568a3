import { describe, expect, it } from 'vitest';
import { centsToDecimal } from './lib/money.js';
import { formatDollars, planOptionLabel, priceStoryEn } from './plans/plans.js';
import { businessRegistrationInput, missingRequiredFields } from './registration/registration.js';
import { isKnownWebPath, SETTINGS_PAGES, settingsPath, WEB_ROUTES } from './site/routes.js';

describe('money', () => {
  it('turns cents into decimal strings', () => {
    expect(centsToDecimal(29900)).toBe('299.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1250)).toBe('-12.50');
  });
});

describe('plan texts', () => {
  it('writes the price story of issue 28 and the plan option label of the spec', () => {
    expect(priceStoryEn({ price: '199.00', renewalPrice: '425.00', billingCycle: 'month' })).toBe(
      '$199/month for 12 months, then $425/month',
    );
    expect(priceStoryEn({ price: '99.50', renewalPrice: '99.75', billingCycle: 'month' })).toBe(
      '$99.50/month for 12 months, then $99.75/month',
    );
    expect(priceStoryEn({ price: '449.00', renewalPrice: null, billingCycle: 'month' })).toBe(
      '$449/month, the price stays',
    );
    expect(formatDollars('449.00')).toBe('449');
    expect(
      planOptionLabel({ displayName: 'Professional', price: '449.00', billingCycle: 'month' }),
    ).toBe('Professional - $449.00/month');
  });
});

describe('registration rules', () => {
  const valid = {
    businessName: 'A',
    ownerName: 'B',
    email: 'a@example.com',
    businessType: 'Other',
    subscriptionPlan: 'essential',
  };

  it('names the blank required fields', () => {
    expect(missingRequiredFields({ ...valid, ownerName: '  ', email: '' })).toEqual([
      'ownerName',
      'email',
    ]);
    expect(missingRequiredFields(valid)).toEqual([]);
  });

  it('trims text, drops blank optional fields, and checks e-mail, type and website', () => {
    const parsed = businessRegistrationInput.parse({
      ...valid,
      businessName: ' A ',
      phone: '  ',
      website: 'http://x.example.com',
    });
    expect(parsed).toEqual({ ...valid, businessName: 'A', website: 'http://x.example.com' });
    const bad = businessRegistrationInput.safeParse({
      ...valid,
      email: 'a@',
      businessType: 'Bakery',
      website: 'javascript:alert(1)',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual([
      'businessType',
      'email',
      'website',
    ]);
  });
});

describe('web routes', () => {
  it('knows the app routes and nothing else', () => {
    // '/checkout' without a plan is a page that sends the browser home (spec: missing plan name → '/').
    for (const path of [
      '/',
      '/checkout',
      '/checkout/professional',
      '/checkout/professional/',
      '/payment-success?payment_intent=pi_1',
      '/admin',
      '/settings',
      '/accessibility',
    ]) {
      expect(isKnownWebPath(path), path).toBe(true);
    }
    for (const path of [
      '/checkout/a/b',
      '/checkoutx',
      '/nope',
      '/admin/x',
      '/settings/nope',
      '/settings/portfolio/x',
      '/accessibility/x',
    ]) {
      expect(isKnownWebPath(path), path).toBe(false);
    }
  });

  it('answers every settings page at its own address', () => {
    for (const page of SETTINGS_PAGES) {
      expect(WEB_ROUTES, page).toContain(settingsPath(page));
      expect(isKnownWebPath(`${settingsPath(page)}?q=1`), page).toBe(true);
    }
  });
});
