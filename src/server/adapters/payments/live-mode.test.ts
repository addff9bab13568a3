import { describe, expect, it } from 'vitest';
import { takesRealMoney } from './index.js';

const stripe = (secretKey: string) => ({
  stripe: { secretKey, publishableKey: 'pk_x', webhookSecret: 'whsec_x' },
});

describe('whether the product takes real money', () => {
  it('is test mode without Stripe keys and with Stripe test keys', () => {
    expect(takesRealMoney({ stripe: undefined })).toBe(false);
    expect(takesRealMoney(stripe('sk_test_51abc'))).toBe(false);
    expect(takesRealMoney(stripe('rk_test_51abc'))).toBe(false);
  });

  it('is live with live keys, and with a key it does not recognise (test money is then never shown as real)', () => {
    expect(takesRealMoney(stripe('sk_live_51abc'))).toBe(true);
    expect(takesRealMoney(stripe('rk_live_51abc'))).toBe(true);
    expect(takesRealMoney(stripe('sk_other'))).toBe(true);
  });
});
