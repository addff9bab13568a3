import type { SiteOutage, SiteState, SiteUptime as Site } from '../../../contract/support/uptime';
import { UPTIME_DAYS } from '../../../contract/support/uptime';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { useMySiteUptime } from './api';
import { useWhen } from './request-thread';

const STATE_BADGE: Record<SiteState, 'default' | 'red' | 'secondary'> = {
  up: 'default',
  down: 'red',
  unknown: 'secondary',
};

/**
 * 'Your website' (issue 30 §4): the client's launched site as the uptime checks see it, its
 * 30-day uptime and the outages of that time. Nothing while no site is watched.
 */
export function SiteUptime() {
  const _ = useT();
  const uptime = useMySiteUptime();
  if (uptime.isPending || uptime.data?.site === null) return null;
  if (uptime.isError)
    return (
      <Card role="alert" className="mt-6 p-4 text-sm sm:p-6">
        <p className="font-medium">{_('support.uptime.loadFailed')}</p>
        <p className="mt-1">{errorMessage(uptime.error, _('common.pleaseTryAgain'))}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void uptime.refetch()}>
          {_('common.tryAgain')}
        </Button>
      </Card>
    );
  return <SiteCard site={uptime.data.site} />;
}

export function SiteCard({ site }: { site: Site }) {
  const _ = useT();
  const i18n = useI18n();
  const when = useWhen();
  const percent = (share: number) =>
    i18n.number(share, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Card className="mt-6 p-4 sm:p-6" data-testid="site-uptime">
      <section aria-labelledby="site-uptime-title">
        <h3 id="site-uptime-title" className="text-lg font-semibold">
          {_('support.uptime.title')}
        </h3>
        <p className="mt-1 flex min-w-0 flex-wrap items-center gap-2">
          <a
            href={site.url}
            target="_blank"
            rel="noreferrer noopener"
            className="min-w-0 break-all font-medium text-primary underline underline-offset-2"
          >
            {site.url}
          </a>
          <Badge variant={STATE_BADGE[site.state]}>
            {_('support.uptime.state', { state: site.state })}
          </Badge>
        </p>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">
            {_('support.uptime.share', { days: UPTIME_DAYS })}
          </dt>
          <dd className="font-semibold">
            {site.uptime === null ? _('support.uptime.noChecks') : percent(site.uptime)}
          </dd>
          <dt className="text-muted-foreground">{_('support.uptime.lastCheck')}</dt>
          <dd>
            {site.lastCheckedAt ? (
              <time dateTime={site.lastCheckedAt}>{when(site.lastCheckedAt)}</time>
            ) : (
              _('support.uptime.noChecks')
            )}
          </dd>
        </dl>
        <h4 className="mt-4 text-sm font-semibold">
          {_('support.uptime.outages', { days: UPTIME_DAYS })}
        </h4>
        {site.outages.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{_('support.uptime.noOutages')}</p>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm">
            {site.outages.map((outage) => (
              <li key={outage.startedAt}>
                <Outage outage={outage} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function Outage({ outage }: { outage: SiteOutage }) {
  const _ = useT();
  const when = useWhen();
  const hours = Math.floor(outage.minutes / 60);
  const length =
    hours > 0
      ? _('support.uptime.hoursMinutes', { hours, minutes: outage.minutes % 60 })
      : _('support.uptime.minutes', { minutes: outage.minutes });
  const start = <time dateTime={outage.startedAt}>{when(outage.startedAt)}</time>;
  return outage.endedAt ? (
    <>
      {start}: {length}
    </>
  ) : (
    <>
      {start}: {_('support.uptime.ongoing', { length })}
    </>
  );
}
