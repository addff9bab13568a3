import { useState, type FormEvent } from 'react';
import type { BillingRunResult } from '../../../contract/billing/billing';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useAdvanceClock, useBillingClock, useResetClock } from './api';

const DAY_MS = 86_400_000;
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const summary = (r: BillingRunResult) =>
  `${r.renewed} renewed, ${r.failed} failed, ${r.canceled} canceled, ${r.reminded} reminded`;

/**
 * Test mode only (owners): moves the product's billing time forward so renewals, failed payments
 * and reminders can be tried without waiting. Hidden with Stripe, whose test clocks do this.
 */
export function BillingClockCard() {
  const clock = useBillingClock();
  const advance = useAdvanceClock();
  const reset = useResetClock();
  const [days, setDays] = useState('30');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (clock.data === null) return null;
  const busy = advance.isPending || reset.isPending;
  const fail = (e: unknown) => setError(errorMessage(e, 'The billing clock did not move.'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const n = Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 400)
      return setError('Enter a whole number of days from 1 to 400.');
    setError(undefined);
    advance.mutate(n, {
      onSuccess: (r) => setStatus(`Advanced ${n} day${n === 1 ? '' : 's'}: ${summary(r.run)}.`),
      onError: fail,
    });
  };

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Billing test clock</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Test mode: renewals, failed payments and reminders happen at this billing time. Advancing
        runs everything that falls due.
      </p>
      {clock.isPending && <Skeleton className="mt-4 h-16 w-full" />}
      {clock.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading the billing clock: {errorMessage(clock.error, 'Unknown error')}
        </p>
      )}
      {clock.data && (
        <>
          <p className="mt-4 text-sm" data-testid="billing-clock-now">
            Billing time: <strong>{when(clock.data.now)}</strong>{' '}
            <span className="text-muted-foreground">
              (
              {clock.data.offsetMs === 0
                ? 'real time'
                : `${Math.round(clock.data.offsetMs / DAY_MS)} days ahead of real time`}
              )
            </span>
          </p>
          <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
            <Field id="billing-clock-days" label="Days to advance" error={error} className="w-40">
              <Input
                id="billing-clock-days"
                type="number"
                min={1}
                max={400}
                step={1}
                className="h-9"
                value={days}
                onChange={(e) => setDays(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy('billing-clock-days', error)}
              />
            </Field>
            {/* Buttons stay enabled while busy (the handlers ignore clicks), so keyboard focus is not lost. */}
            <Button type="submit" aria-disabled={busy}>
              {advance.isPending ? 'Advancing…' : 'Advance'}
            </Button>
            <Button
              variant="outline"
              aria-disabled={busy}
              onClick={() =>
                !busy &&
                reset.mutate(undefined, {
                  onSuccess: () => (setError(undefined), setStatus('Back to real time.')),
                  onError: fail,
                })
              }
            >
              {reset.isPending ? 'Resetting…' : 'Reset to real time'}
            </Button>
          </form>
          <p className="mt-3 min-h-5 text-sm" role="status" aria-live="polite">
            {status}
          </p>
        </>
      )}
    </Card>
  );
}
