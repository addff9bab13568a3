import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  needsAuthentication,
  type AccountChargeResult,
  type AccountOverview,
} from '../../../contract/billing/billing';
import { useTestAuthentication } from '../../components/authentication-dialog';
import { useFinishPayment } from './api';

/**
 * A charge the card's bank wants authenticated (3-D Secure) before it is made: the client does it
 * (Stripe's page over ours, loaded only now; test mode's simulated bank page), then the server asks
 * the provider and answers the page's new state. A decline rejects with the server's message, and
 * the page reads the account again (the failed invoice shows).
 */
export function useChargeAuthentication() {
  const finish = useFinishPayment();
  const test = useTestAuthentication();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function settle(result: AccountChargeResult): Promise<AccountOverview> {
    if (!needsAuthentication(result)) return result;
    setBusy(true);
    try {
      if (result.provider === 'test')
        return await finish.mutateAsync({
          clientSecret: result.clientSecret,
          outcome: await test.ask(),
        });
      const { authenticateWithStripe } = await import('../../lib/stripe');
      // Whatever Stripe.js says, the server asks Stripe.
      await authenticateWithStripe(result.publishableKey ?? '', result.clientSecret).catch(
        () => undefined,
      );
      return await finish.mutateAsync({ clientSecret: result.clientSecret });
    } catch (error) {
      await client.invalidateQueries({ queryKey: ['account'] });
      throw error;
    } finally {
      setBusy(false);
    }
  }
  return { settle, dialog: test.dialog, busy, error: finish.error, reset: finish.reset };
}
