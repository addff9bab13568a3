import type { SupportUrgencyFigures } from '../../../contract/support/support';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useSupportFigures } from './admin-api';
import { minutesText, percentText } from './admin-format';

const URGENCIES = [
  { key: 'urgent', label: 'Urgent' },
  { key: 'normal', label: 'Normal' },
] as const;

/** Per urgency over the last 30 days: what is open, how fast the first answer came, how often in time. */
export function QueueFigures() {
  const figures = useSupportFigures();
  return (
    <Card className="p-4" aria-labelledby="support-figures-title" role="region">
      <h2 id="support-figures-title" className="text-base font-semibold">
        {figures.data ? `The last ${figures.data.days} days` : 'Figures'}
      </h2>
      {figures.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          The figures could not be loaded: {errorMessage(figures.error, 'Unknown error')}
        </p>
      ) : !figures.data ? (
        <Skeleton className="mt-2 h-24 w-full" />
      ) : (
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {URGENCIES.map(({ key, label }) => (
            <Figures key={key} label={label} figures={figures.data[key]} />
          ))}
        </div>
      )}
    </Card>
  );
}

function Figures({ label, figures: f }: { label: string; figures: SupportUrgencyFigures }) {
  const rows: [string, string][] = [
    ['Open now', String(f.open)],
    ['Requests', String(f.requests)],
    [
      'Median first response',
      f.medianFirstResponseMinutes === null
        ? 'None answered'
        : minutesText(f.medianFirstResponseMinutes),
    ],
    [
      'Answered within target',
      f.withinTarget === null ? 'Nothing to count' : percentText(f.withinTarget),
    ],
    ['Breaches', String(f.breached)],
  ];
  return (
    <section aria-label={`${label} requests`} data-urgency={label.toLowerCase()}>
      <h3 className="text-sm font-semibold">{label}</h3>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd
              className={
                name === 'Breaches' && f.breached > 0
                  ? 'font-semibold text-destructive tabular-nums'
                  : 'font-semibold tabular-nums'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
