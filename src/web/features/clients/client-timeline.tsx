import type { TimelineItem } from '../../../contract/clients/timeline';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useClientTimeline } from './api';
import { describeEntry } from '../activity';
import { when } from './format';

const KIND_LABELS: Record<TimelineItem['kind'], string> = {
  registered: 'Registered',
  payment: 'Billing',
  email: 'E-mail',
  contact: 'Contact',
  consultation: 'Consultation',
  project: 'Project',
  activity: 'Activity',
};

// On the client's own record, 'client:3f…' (the log's subject for them) is just 'client'.
const textOf = (item: TimelineItem) =>
  item.kind === 'activity'
    ? `${describeEntry({ ...item.entry, subject: item.entry.subject?.replace(/^client:[\w-]+$/, 'client') ?? null })}${item.entry.actorEmail ? ` (${item.entry.actorEmail})` : ''}`
    : item.text;

/** Everything that happened to the client, newest first (issue 29 §4). */
export function ClientTimelineBlock({ clientId }: { clientId: string }) {
  const timeline = useClientTimeline(clientId);
  return (
    <section aria-labelledby="client-timeline-heading">
      <h3 id="client-timeline-heading" className="font-semibold">
        Timeline
      </h3>
      {timeline.isPending && <Skeleton className="mt-2 h-24 w-full" />}
      {timeline.isError && (
        <p role="alert" className="mt-1 text-destructive">
          {errorMessage(timeline.error, 'The timeline could not be loaded.')}
        </p>
      )}
      {timeline.data && (
        <ol className="mt-2 grid gap-2 border-l border-border pl-4">
          {timeline.data.items.map((item, index) => (
            <li key={`${item.at}-${index}`} className="grid gap-0.5">
              <span className="text-xs text-muted-foreground">
                <time dateTime={item.at}>{when(item.at)}</time> · {KIND_LABELS[item.kind]}
              </span>
              <span className="break-words">{textOf(item)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
