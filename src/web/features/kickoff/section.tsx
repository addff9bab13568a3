import { ViewToggle } from '../../components/ui/view-toggle';
import { useEffect, useRef, useState } from 'react';
import {
  CONTACT_PROMISE_HOURS,
  NEW_CLIENT_VIEWS,
  type NewClient,
  type NewClientView,
} from '../../../contract/kickoff/kickoff';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import type { SectionProps } from '../../lib/admin-section';
import {
  useAssignProjectManager,
  useMarkContacted,
  useNewClients,
  useProjectManagers,
} from './api';
import { ContactDialog } from './contact-dialog';
import { NewClientsTable } from './new-clients-table';

const VIEW_LABELS: Record<NewClientView, string> = { waiting: 'Waiting', contacted: 'Contacted' };
/** The countdown moves on every this many milliseconds (it shows minutes). */
const TICK_MS = 15_000;

/** Now by the server's clock: the answer's `now` plus the time since it arrived. */
function useServerNow(serverNow: string | undefined, receivedAt: number): number {
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const offset = serverNow ? Date.parse(serverNow) - receivedAt : 0;
  return Math.max(local, receivedAt) + offset;
}

/**
 * New clients (issue 29 §1): every client whose first payment went through, against the payment
 * page's promise of contact within 24 hours. 'Waiting' is the default; 'Contacted' shows how,
 * when and by whom.
 */
export default function NewClientsSection(_props: SectionProps) {
  const [view, setView] = useState<NewClientView>('waiting');
  const [page, setPage] = useState(1);
  const [marking, setMarking] = useState<NewClient | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const clients = useNewClients(view, page);
  const employees = useProjectManagers();
  const assign = useAssignProjectManager();
  const mark = useMarkContacted();
  const data = clients.data;
  const now = useServerNow(data?.now, clients.dataUpdatedAt);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  useEffect(() => {
    if (data && !clients.isPlaceholderData && data.items.length === 0 && data.total > 0)
      setPage(pageCount);
  }, [data, clients.isPlaceholderData, pageCount]);

  const open = (client: NewClient, button: HTMLElement) => {
    opener.current = button;
    setMarking(client);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        The payment page promises every new client that the team contacts them within{' '}
        {CONTACT_PROMISE_HOURS} hours. Past that, the row turns red and the team and the owners get
        an e-mail.
      </p>
      <Card className="flex flex-wrap items-center gap-2 p-4">
        <ViewToggle
          id="new-clients-view-label"
          views={NEW_CLIENT_VIEWS}
          labels={VIEW_LABELS}
          current={view}
          counts={data?.counts}
          onChange={(v) => {
            setView(v);
            setPage(1);
          }}
        />
        {data && data.overdue > 0 && (
          <p className="ml-auto text-sm font-semibold text-destructive">{data.overdue} overdue</p>
        )}
      </Card>

      {clients.isError ? (
        <LoadError onRetry={() => void clients.refetch()}>
          <p className="font-semibold">The new clients could not be loaded.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {errorMessage(clients.error, 'Unknown error')}
          </p>
        </LoadError>
      ) : data && data.total === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">
            {view === 'waiting'
              ? 'Every new client has been contacted'
              : 'No client marked contacted yet'}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {view === 'waiting'
              ? 'A business appears here as soon as its first payment goes through.'
              : 'Clients move here when someone presses ‘Mark contacted’.'}
          </p>
        </Card>
      ) : (
        <Card className="p-0">
          <p role="status" className="px-4 pt-4 text-sm text-muted-foreground">
            {data
              ? `${data.total} ${data.total === 1 ? 'client' : 'clients'} ${view === 'waiting' ? 'waiting for contact' : 'contacted'}`
              : 'Loading new clients…'}
          </p>
          <NewClientsTable
            view={view}
            rows={data?.items}
            dimmed={clients.isPlaceholderData}
            now={now}
            employees={employees.data}
            assign={assign}
            onMarkContacted={open}
          />
          <div className="px-4 pb-4">
            <Pagination
              page={page}
              pageCount={pageCount}
              onPage={setPage}
              label="New client pages"
            />
          </div>
        </Card>
      )}
      <ContactDialog client={marking} mark={mark} onClose={() => setMarking(null)} />
    </div>
  );
}
