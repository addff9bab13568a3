import { describe, expect, it } from 'vitest';
import { planUpdateInput } from '../../../contract/plans/admin';
import type { SubscriptionPlan } from '../../../contract/plans/plans';
import { featureLines, planFieldErrors, planPayload, planValuesOf } from './plan-values';

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
    descriptionEs: null,
    featuresEs: [],
    renewalPrice: '425.00',
    mostPopular: false,
  };

  it('round-trips a plan: prices without .00, features one a line', () => {
    const values = planValuesOf(plan);
    expect(values).toMatchObject({
      price: '199',
      renewalPrice: '425',
      features: 'Website\nSupport',
    });
    const payload = planPayload(values);
    expect(payload).toEqual({
      displayName: 'Essential',
      description: 'The basics.',
      price: '199',
      billingCycle: 'month',
      features: ['Website', 'Support'],
      renewalPrice: '425',
      mostPopular: false,
      descriptionEs: '',
      featuresEs: [],
    });
    // Blank Spanish texts reach the server as none: the Spanish pages show the English ones.
    expect(planUpdateInput.parse(payload)).toMatchObject({
      descriptionEs: undefined,
      featuresEs: [],
    });
  });

  it('sends the Spanish description and feature lines the agency typed', () => {
    const payload = planPayload({
      ...planValuesOf({ ...plan, descriptionEs: 'Lo básico.', featuresEs: ['Sitio web'] }),
      featuresEs: 'Sitio web\n\n Soporte \n',
    });
    expect(payload).toMatchObject({
      descriptionEs: 'Lo básico.',
      featuresEs: ['Sitio web', 'Soporte'],
    });
    expect(planUpdateInput.parse(payload)).toMatchObject({
      descriptionEs: 'Lo básico.',
      featuresEs: ['Sitio web', 'Soporte'],
    });
  });

  it('drops empty feature lines, takes a typed $ and sends no renewal price as null', () => {
    expect(featureLines('  One \r\n\n Two\n')).toEqual(['One', 'Two']);
    const payload = planPayload({ ...planValuesOf(plan), price: ' $249.50 ', renewalPrice: '  ' });
    expect(payload.price).toBe('249.50');
    expect(payload.renewalPrice).toBeNull();
  });

  it("puts the server's field errors on the form's fields, naming a feature's line", () => {
    expect(
      planFieldErrors({
        price: 'Price must be an amount like 299 or 299.00',
        'features.1': 'A feature cannot be empty',
        body: 'x',
      }),
    ).toEqual({
      price: 'Price must be an amount like 299 or 299.00',
      features: 'Line 2: A feature cannot be empty',
    });
  });
});
