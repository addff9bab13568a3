import { Card } from '../../components/ui/card';
import { BillingClockCard, useBillingClockAvailable } from '../../features/billing/admin';

/** Settings → Billing test clock (owners, test mode only: with Stripe keys the clock does not exist). */
export default function BillingClockSettings() {
  const available = useBillingClockAvailable(true);
  if (available === false) {
    return (
      <Card className="p-6">
        <h2 className="text-lg font-semibold">Billing test clock</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          This site takes real payments through Stripe, so there is no test clock here: use Stripe's
          own test clocks.
        </p>
      </Card>
    );
  }
  return <BillingClockCard />;
}
