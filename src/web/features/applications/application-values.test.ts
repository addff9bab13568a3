import { describe, expect, it } from 'vitest';
import { applicationInput } from '../../../contract/applications/applications';
import {
  applicationPayload,
  applicationProblems,
  applicationValuesOf,
  EMPTY_APPLICATION,
} from './application-values';

describe('the application form', () => {
  it("asks for a name and a URL in the spec's words, also when they are only spaces", () => {
    expect(applicationProblems(EMPTY_APPLICATION)).toEqual({
      name: 'Please provide an application name',
      url: 'Please provide an application URL',
    });
    expect(
      applicationProblems({ ...EMPTY_APPLICATION, name: '  ', url: 'https://a.example' }),
    ).toEqual({ name: 'Please provide an application name' });
    expect(
      applicationProblems({ ...EMPTY_APPLICATION, name: 'Shop', url: 'https://a.example' }),
    ).toEqual({});
  });

  it('trims text and leaves out empty optional values', () => {
    const payload = applicationPayload({
      ...EMPTY_APPLICATION,
      name: '  Shop ',
      url: ' https://shop.example ',
      description: '   ',
      stripeProductId: '',
    });
    expect(payload).toEqual({
      name: 'Shop',
      url: 'https://shop.example',
      status: 'active',
      iconColor: '#3B82F6',
      iconType: 'mobile-alt',
    });
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
    expect(payload).toEqual({
      name: 'Shop',
      url: 'https://shop.example',
      description: 'Orders',
      status: 'deployment',
      logoUrl: '/uploads/logo.webp',
      stripeProductId: 'prod_ABC',
      iconColor: '#B91C1C',
      iconType: 'heart',
    });
  });

  it('starts editing from the saved application, with blanks for what it does not have', () => {
    const values = applicationValuesOf({
      id: 1,
      name: 'A',
      url: 'https://a.example',
      description: null,
      status: 'deployment',
      logoUrl: null,
      iconColor: '#000000',
      iconType: 'globe',
      stripeProductId: null,
      dailyRevenue: '0.00',
      weeklyRevenue: '0.00',
      totalUsers: 0,
      testMode: true,
      createdAt: '',
    });
    expect(values).toEqual({
      name: 'A',
      url: 'https://a.example',
      description: '',
      status: 'deployment',
      logoUrl: '',
      stripeProductId: '',
      iconColor: '#000000',
      iconType: 'globe',
    });
  });
});
