import { useState, type FormEvent } from 'react';
import {
  UPTIME_CHECK_MINUTES,
  UPTIME_DAYS,
  type SiteState,
  type SiteUptime,
} from '../../../contract/support/uptime';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FactList } from '../../components/ui/fact-list';
import { describedBy, Field, Input } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useClientSiteMonitor, useRemoveSiteMonitor, useSetSiteMonitor } from './admin-api';
import { minutesText, percentText, when } from './admin-format';

const STATE_LABELS: Record<SiteState, string> = {
  up: 'Up',
  down: 'Down',
  unknown: 'Not checked yet',
};

/**
 * The client record's launched website (issue 30 §4): the address the uptime check watches every
 * few minutes, its state, 30-day uptime and outages; the team sets, changes or removes it.
 */
export function SiteMonitorBlock({ clientId }: { clientId: string }) {
  const monitor = useClientSiteMonitor(clientId);
  if (monitor.isPending) return <Skeleton className="h-24 w-full" />;
  if (monitor.isError) {
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(monitor.error, 'The launched website could not be loaded.')}
      </p>
    );
  }
  const site = monitor.data.site;
  return (
    <section aria-labelledby="client-site-title" className="grid gap-3">
      <h3 id="client-site-title" className="font-semibold">
        Launched website
      </h3>
      {site ? (
        <SiteFacts site={site} />
      ) : (
        <p className="text-muted-foreground">
          Not watched. Enter the client’s website once it is launched: it is checked every{' '}
          {UPTIME_CHECK_MINUTES} minutes, and an outage opens an urgent support request.
        </p>
      )}
      <SiteForm clientId={clientId} site={site} />
    </section>
  );
}

function SiteFacts({ site }: { site: SiteUptime }) {
  const last = site.lastCheckedAt
    ? [
        when(site.lastCheckedAt),
        site.lastStatus !== null ? `HTTP ${site.lastStatus}` : null,
        site.lastTtfbMs !== null ? `first byte in ${site.lastTtfbMs} ms` : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <Badge
          variant={site.state === 'up' ? 'default' : site.state === 'down' ? 'red' : 'secondary'}
          data-state={site.state}
        >
          {STATE_LABELS[site.state]}
        </Badge>
        <a
          href={site.url}
          target="_blank"
          rel="noreferrer noopener"
          className="break-all underline"
        >
          {site.url}
        </a>
      </p>
      <FactList
        rows={[
          [
            `Uptime (${UPTIME_DAYS} days)`,
            site.uptime === null
              ? 'No checks yet'
              : `${percentText(site.uptime)} of ${site.checks} ${site.checks === 1 ? 'check' : 'checks'}`,
          ],
          ['Last check', last],
          [
            'Last error',
            site.lastError && <span className="text-destructive">{site.lastError}</span>,
          ],
          ['Certificate expires', site.certificateExpiresAt && when(site.certificateExpiresAt)],
        ]}
      />
      <div>
        <h4 className="font-medium">Outages ({UPTIME_DAYS} days)</h4>
        {site.outages.length === 0 ? (
          <p className="mt-1 text-muted-foreground">No outages.</p>
        ) : (
          <ul className="mt-1 divide-y divide-border rounded-md border border-border">
            {site.outages.map((o) => (
              <li key={o.startedAt} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span>
                  <time dateTime={o.startedAt}>{when(o.startedAt)}</time>
                  {' – '}
                  {o.endedAt ? <time dateTime={o.endedAt}>{when(o.endedAt)}</time> : 'still down'}
                </span>
                <span className={o.endedAt ? 'font-semibold' : 'font-semibold text-destructive'}>
                  {o.endedAt ? minutesText(o.minutes) : `${minutesText(o.minutes)} so far`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function SiteForm({ clientId, site }: { clientId: string; site: SiteUptime | null }) {
  const save = useSetSiteMonitor(clientId);
  const remove = useRemoveSiteMonitor(clientId);
  const [url, setUrl] = useState(site?.url ?? '');
  const [missing, setMissing] = useState(false);
  const [asking, setAsking] = useState(false);
  const issues = fieldIssues(save.error);
  const error = missing ? 'Enter the website address.' : issues.url;
  const other = save.error && !issues.url ? errorMessage(save.error, 'Not saved.') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setMissing(true);
      document.getElementById('client-site-url')?.focus();
      return;
    }
    setMissing(false);
    save.mutate(url.trim(), {
      // The address as the server keeps it (normalised), in the field that stays focused.
      onSuccess: (answer) => {
        setUrl(answer.site.url);
        toast({ title: 'Website saved', description: 'It is checked from now on.' });
      },
    });
  };

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <Field
        id="client-site-url"
        label="Launched website"
        error={error}
        hint="The address the uptime check opens, such as https://example.com."
      >
        <Input
          id="client-site-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(
            'client-site-url',
            error,
            'The address the uptime check opens, such as https://example.com.',
          )}
        />
      </Field>
      {other && (
        <p role="alert" className="text-destructive">
          {other}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : site ? 'Save website' : 'Watch this website'}
        </Button>
        {site && (
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            Stop watching
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Stop watching this website?"
        description="The uptime checks stop and its uptime history is no longer shown."
        confirmLabel="Stop watching"
        pendingLabel="Stopping…"
        pending={remove.isPending}
        returnFocus={() => document.getElementById('client-site-url')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setUrl('');
              save.reset();
              toast({ title: 'Website no longer watched' });
              setAsking(false);
            },
            onError: (e) =>
              toast({
                title: 'Not removed',
                description: errorMessage(e, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      />
    </form>
  );
}
