import { describe, expect, it } from 'vitest';
import { applicationInput, portfolioInput } from '../../../contract/applications';
import { planUpdateInput } from '../../../contract/plan-admin';
import type { SubscriptionPlan } from '../../../contract/plans';
import { applicationPayload, applicationProblems, applicationValuesOf, EMPTY_APPLICATION } from './application-values';
import { featureLines, planFieldErrors, planPayload, planValuesOf } from './plan-values';
import { EMPTY_PORTFOLIO_ITEM, portfolioPayload, portfolioProblem } from './portfolio-values';

describe('the application form', () => {
  it("asks for a name and a URL in the spec's words, also when they are only spaces", () => {
    expect(applicationProblems(EMPTY_APPLICATION)).toEqual({ name: 'Please provide an application name', url: 'Please provide an application URL' });
    expect(applicationProblems({ ...EMPTY_APPLICATION, name: '  ', url: 'https://a.example' })).toEqual({ name: 'Please provide an application name' });
    expect(applicationProblems({ ...EMPTY_APPLICATION, name: 'Shop', url: 'https://a.example' })).toEqual({});
  });

  it('trims text and leaves out empty optional values', () => {
    const payload = applicationPayload({ ...EMPTY_APPLICATION, name: '  Shop ', url: ' https://shop.example ', description: '   ', stripeProductId: '' });
    expect(payload).toEqual({ name: 'Shop', url: 'https://shop.example', status: 'active', iconColor: '#3B82F6', iconType: 'mobile-alt' });
    expect('description' in payload).toBe(false);
    expect(applicationInput.safeParse(payload).success).toBe(true);
  });

  it('sends the optional values that were given, trimmed', () => {
    const payload = applicationPayload({
      ...EMPTY_APPLICATION,
      name: 'Shop',
      url: 'https://shop.example',
      description: ' Orders ',
      status: 'deployment',
      logoUrl: '/uploads/logo.webp',
      stripeProductId: ' prod_ABC ',
      iconColor: '#B91C1C',
      iconType: 'heart',
    });
    expect(payload).toEqual({ name: 'Shop', url: 'https://shop.example', description: 'Orders', status: 'deployment', logoUrl: '/uploads/logo.webp', stripeProductId: 'prod_ABC', iconColor: '#B91C1C', iconType: 'heart' });
  });

  it('starts editing from the saved application, with blanks for what it does not have', () => {
    const values = applicationValuesOf({ id: 1, name: 'A', url: 'https://a.example', description: null, status: 'deployment', logoUrl: null, iconColor: '#000000', iconType: 'globe', stripeProductId: null, dailyRevenue: '0.00', weeklyRevenue: '0.00', totalUsers: 0, testMode: true, createdAt: '' });
    expect(values).toEqual({ name: 'A', url: 'https://a.example', description: '', status: 'deployment', logoUrl: '', stripeProductId: '', iconColor: '#000000', iconType: 'globe' });
  });
});

describe('the portfolio form', () => {
  it('needs both the website name and URL after trimming', () => {
    expect(portfolioProblem(EMPTY_PORTFOLIO_ITEM)).toBe('Please provide website name and URL');
    expect(portfolioProblem({ ...EMPTY_PORTFOLIO_ITEM, websiteName: 'Bakery', websiteUrl: ' ' })).toBe('Please provide website name and URL');
    expect(portfolioProblem({ ...EMPTY_PORTFOLIO_ITEM, websiteName: 'Bakery', websiteUrl: 'https://b.example' })).toBeNull();
  });

  it('trims and leaves out an empty description and logo', () => {
    const payload = portfolioPayload({ websiteName: ' Bakery ', websiteUrl: ' https://b.example ', description: ' ', logoUrl: '' });
    expect(payload).toEqual({ websiteName: 'Bakery', websiteUrl: 'https://b.example' });
    expect(portfolioInput.safeParse(payload).success).toBe(true);
  });
});

describe('the plan form', () => {
  const plan: SubscriptionPlan = {
    id: 1,
    name: 'essential',
    displayName: 'Essential',
    description: 'The basics.',
    price: '199.00',
    currency: 'usd',
    billingCycle: 'month',
    features: ['Website', 'Support'],
    renewalPrice: '425.00',
    mostPopular: false,
  };

  it('round-trips a plan: prices without .00, features one a line', () => {
    const values = planValuesOf(plan);
    expect(values).toMatchObject({ price: '199', renewalPrice: '425', features: 'Website\nSupport' });
    const payload = planPayload(values);
    expect(payload).toEqual({ displayName: 'Essential', description: 'The basics.', price: '199', billingCycle: 'month', features: ['Website', 'Support'], renewalPrice: '425', mostPopular: false });
    expect(planUpdateInput.safeParse(payload).success).toBe(true);
  });

  it('drops empty feature lines, takes a typed $ and sends no renewal price as null', () => {
    expect(featureLines('  One \r\n\n Two\n')).toEqual(['One', 'Two']);
    const payload = planPayload({ ...planValuesOf(plan), price: ' $249.50 ', renewalPrice: '  ' });
    expect(payload.price).toBe('249.50');
    expect(payload.renewalPrice).toBeNull();
  });

  it("puts the server's field errors on the form's fields, naming a feature's line", () => {
    expect(planFieldErrors({ price: 'Price must be an amount like 299 or 299.00', 'features.1': 'A feature cannot be empty', body: 'x' })).toEqual({
      price: 'Price must be an amount like 299 or 299.00',
      features: 'Line 2: A feature cannot be empty',
    });
  });
});
