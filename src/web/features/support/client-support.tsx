import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { ClientSupportRequest, ClientSupportSummary } from '../../../contract/support/support';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMySupportRequests } from './api';
import { NewRequestDialog } from './new-request-dialog';
import { RequestThread, useWhen } from './request-thread';
import { SiteUptime } from './site-uptime';

/** The element id of a request's row (its button), where focus goes once it was sent. */
const rowId = (id: string) => `support-request-${id}`;

/**
 * 'Get help' on the billing page (issue 30 §1): the client opens a request, follows its status and
 * the whole conversation, and answers; 'Your website' shows their site's 30-day uptime (§4).
 */
export function ClientSupport() {
  const _ = useT();
  const when = useWhen();
  const [announced, setAnnounced] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const onSent = (request: ClientSupportRequest) =>
    setAnnounced(
      request.dueAt
        ? _('support.sentDue', { number: request.number, time: when(request.dueAt) })
        : _('support.sent', { number: request.number }),
    );
  return (
    <section aria-labelledby="support-title" id="support" className="mt-10 scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="support-title" className="text-2xl font-bold">
          {_('support.title')}
        </h2>
        <NewRequestDialog onSent={onSent} rowOf={(id) => document.getElementById(rowId(id))} />
      </div>
      <p className="mt-1 text-muted-foreground">{_('support.intro')}</p>
      {/* Polite: read after the dialog has closed and focus has reached the new request. */}
      <p role="status" className="mt-3 text-sm font-medium">
        {announced}
      </p>
      <Requests openId={openId} setOpenId={setOpenId} />
      <SiteUptime />
    </section>
  );
}

function Requests({
  openId,
  setOpenId,
}: {
  openId: string | null;
  setOpenId: (id: string | null) => void;
}) {
  const _ = useT();
  const list = useMySupportRequests();
  let body;
  if (list.isPending)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {_('support.list.loading')}
      </p>
    );
  else if (list.isError)
    body = (
      <div role="alert" className="text-sm">
        <p className="font-medium">{_('support.list.loadFailed')}</p>
        <p className="mt-1">{errorMessage(list.error, _('common.pleaseTryAgain'))}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
          {_('common.tryAgain')}
        </Button>
      </div>
    );
  else if (list.data.items.length === 0)
    body = <p className="text-sm text-muted-foreground">{_('support.list.empty')}</p>;
  else
    body = (
      <ul aria-labelledby="support-requests" className="grid gap-3">
        {list.data.items.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            open={openId === request.id}
            toggle={() => setOpenId(openId === request.id ? null : request.id)}
          />
        ))}
      </ul>
    );
  return (
    <Card className="mt-4 p-4 sm:p-6">
      <h3 id="support-requests" className="mb-2 text-lg font-semibold">
        {_('support.list.title')}
      </h3>
      {body}
    </Card>
  );
}

function RequestRow({
  request,
  open,
  toggle,
}: {
  request: ClientSupportSummary;
  open: boolean;
  toggle: () => void;
}) {
  const _ = useT();
  const when = useWhen();
  const threadId = `${rowId(request.id)}-thread`;
  return (
    <li className="min-w-0 rounded-lg border border-border" data-testid="support-request">
      <button
        type="button"
        id={rowId(request.id)}
        aria-expanded={open}
        // Only what is in the page can be named (a closed request's thread is not).
        aria-controls={open ? threadId : undefined}
        onClick={toggle}
        className="flex w-full min-w-0 items-start gap-3 rounded-lg p-3 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="font-semibold break-words">
            <span className="text-muted-foreground">#{request.number}</span> {request.title}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{_('support.topic', { topic: request.topic })}</span>
            <Badge variant={request.status === 'open' ? 'default' : 'secondary'}>
              {_('support.status', { status: request.status })}
            </Badge>
            {request.urgency === 'urgent' && request.status !== 'closed' && (
              <Badge variant="red">{_('support.urgent')}</Badge>
            )}
          </span>
          {request.status === 'open' && request.dueAt && (
            <span className="text-sm">{_('support.dueBy', { time: when(request.dueAt) })}</span>
          )}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={open ? 'mt-1 size-5 shrink-0 rotate-180' : 'mt-1 size-5 shrink-0'}
        />
      </button>
      {open && (
        <div id={threadId} className="border-t border-border p-3">
          <RequestThread id={request.id} />
        </div>
      )}
    </li>
  );
}
