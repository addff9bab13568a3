import { ViewToggle } from '../../components/ui/view-toggle';
import { useEffect, useState } from 'react';
import {
  ESCALATE_AFTER_MINUTES,
  SUPPORT_VIEWS,
  type SupportQueueItem,
  type SupportUrgency,
} from '../../../contract/support/support';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import type { SectionProps } from '../../lib/admin-section';
import { useSupportQueue, type QueueState } from './admin-api';
import { SupportRequestDialog } from './admin-request-dialog';
import { UnmatchedMailList } from './admin-unmatched-mail';
import { QueueFigures } from './queue-figures';
import { QueueTable } from './queue-table';
import { readQueueState, VIEW_LABELS, writeQueueState } from './queue-url-state';

/** The countdowns move on every this many milliseconds (they show minutes). */
const TICK_MS = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const EMPTY: Record<QueueState['view'], [string, string]> = {
  open: [
    'Nothing waiting for an answer',
    'New requests from clients appear here, most pressing first.',
  ],
  answered: [
    'No answered requests',
    'Requests move here when the team answers and the client has not written again.',
  ],
  closed: ['No closed requests', 'Requests move here once closed with a resolution.'],
  breached: [
    'No breached requests',
    'A request whose first answer came late, or is late now, shows here.',
  ],
  mine: ['Nothing assigned to you', 'Requests assigned to you appear here.'],
};

/**
 * Support (issue 30 §3): the figures, the queue by view and urgency in the order the server gives
 * (when the answer is due), one request at a time in a dialog, and the e-mail that matched nothing.
 * The view, filter and page live in the page URL.
 */
export default function SupportSection(_props: SectionProps) {
  const [state, setState] = useState<QueueState>(readQueueState);
  const [openId, setOpenId] = useState<string | null>(null);
  const queue = useSupportQueue(state);
  const data = queue.data;
  const now = useNow();
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  useEffect(() => writeQueueState(state), [state]);
  // A page past the end (requests closed meanwhile, an old link): go to the last one with rows.
  useEffect(() => {
    if (data && !queue.isPlaceholderData && data.items.length === 0 && data.total > 0)
      setState((s) => ({ ...s, page: pageCount }));
  }, [data, queue.isPlaceholderData, pageCount]);

  const open = (item: SupportQueueItem) => setOpenId(item.id);
  const filtered = state.urgency !== '';

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Urgent requests are due within the urgent target at any hour; the on-call employee is told
        at once, and the owners after {ESCALATE_AFTER_MINUTES} minutes without an acknowledgement.
        Normal requests are due within business hours (Settings → Support hours).
      </p>
      <QueueFigures />
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <ViewToggle
          id="support-view-label"
          views={SUPPORT_VIEWS}
          labels={VIEW_LABELS}
          current={state.view}
          counts={data?.counts}
          onChange={(view) => setState((s) => ({ ...s, view, page: 1 }))}
        />
        <div className="grid gap-1 sm:ml-auto">
          <label htmlFor="support-urgency" className="text-sm font-semibold">
            Urgency
          </label>
          <Select
            id="support-urgency"
            className="h-9 w-40"
            value={state.urgency}
            onChange={(e) =>
              setState((s) => ({ ...s, urgency: e.target.value as SupportUrgency | '', page: 1 }))
            }
          >
            <option value="">All</option>
            <option value="urgent">Urgent</option>
            <option value="normal">Normal</option>
          </Select>
        </div>
      </Card>

      {queue.isError ? (
        <LoadError onRetry={() => void queue.refetch()}>
          <p className="font-semibold">The support requests could not be loaded.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {errorMessage(queue.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : data && data.total === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">
            {EMPTY[state.view][0]}
            {filtered ? ` (${state.urgency} only)` : ''}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{EMPTY[state.view][1]}</p>
        </Card>
      ) : (
        <Card className="p-0">
          <p role="status" className="px-4 pt-4 text-sm text-muted-foreground">
            {data
              ? `${data.total} ${data.total === 1 ? 'request' : 'requests'} · ${VIEW_LABELS[state.view]}${filtered ? ` · ${state.urgency} only` : ''}`
              : 'Loading support requests…'}
          </p>
          <QueueTable rows={data?.items} dimmed={queue.isPlaceholderData} now={now} onOpen={open} />
          <div className="px-4 pb-4">
            <Pagination
              page={state.page}
              pageCount={pageCount}
              onPage={(page) => setState((s) => ({ ...s, page }))}
              label="Support request pages"
            />
          </div>
        </Card>
      )}
      <UnmatchedMailList />
      <SupportRequestDialog requestId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
