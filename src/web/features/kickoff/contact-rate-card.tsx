import { PhoneCall } from 'lucide-react';
import { CONTACT_PROMISE_HOURS } from '../../../contract/kickoff/kickoff';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useContactRate } from './api';
import { shareText } from './format';

/** The applications dashboard's figure: new clients contacted within 24 hours over 30 days. */
export function ContactRateCard() {
  const rate = useContactRate();
  return (
    <Card role="group" aria-labelledby="contact-rate-title" className="flex flex-col gap-2 p-5">
      <h2 id="contact-rate-title" className="flex items-center gap-2 text-sm font-semibold">
        <PhoneCall className="size-4 text-muted-foreground" aria-hidden="true" />
        New clients contacted within {CONTACT_PROMISE_HOURS} hours
      </h2>
      {rate.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Error loading the figure: {errorMessage(rate.error, 'Unknown error')}
        </p>
      ) : rate.data ? (
        <p
          className={rate.data.total > 0 ? 'text-lg font-bold' : 'text-sm'}
          data-testid="contact-rate"
        >
          {shareText(rate.data.inTime, rate.data.total)}
        </p>
      ) : (
        <Skeleton className="h-7 w-64" />
      )}
      <p className="text-xs text-muted-foreground">
        Clients whose first payment was in the last {rate.data?.days ?? 30} days, once their{' '}
        {CONTACT_PROMISE_HOURS} hours are over or they were contacted.
      </p>
    </Card>
  );
}
