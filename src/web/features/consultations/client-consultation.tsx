import { errorMessage } from '../../lib/api';
import { useClientConsultation } from './admin-api';

const when = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));

/** The client record's 'Consultation' block: the booked (or last cancelled) one, its host and time. */
export function ClientConsultationBlock({ clientId }: { clientId: string }) {
  const query = useClientConsultation(clientId);
  const c = query.data?.consultation;
  return (
    <section>
      <h3 className="font-semibold">Consultation</h3>
      {query.isPending ? (
        <p className="mt-1 text-muted-foreground">Loading…</p>
      ) : query.isError ? (
        <p className="mt-1 text-destructive">{errorMessage(query.error, 'Could not load it.')}</p>
      ) : !c ? (
        <p className="mt-1 text-muted-foreground">Not booked yet.</p>
      ) : (
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Status</dt>
          <dd>{c.status === 'booked' ? 'Booked' : 'Cancelled'}</dd>
          <dt className="text-muted-foreground">When</dt>
          <dd>
            {when(c.startsAt)}
            <span className="block text-muted-foreground">
              Client’s time: {when(c.startsAt, c.clientTimeZone)} ({c.clientTimeZone})
            </span>
          </dd>
          <dt className="text-muted-foreground">Host</dt>
          <dd>{c.host ? `${c.host.name} (${c.host.email})` : 'None: the host was removed'}</dd>
          {c.sequence > 0 && (
            <>
              <dt className="text-muted-foreground">Changes</dt>
              <dd>{c.sequence}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
