import { lazy, Suspense } from 'react';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { CHART_DAYS, useDailyRevenue } from './api';
import { formatMoney, longDate, revenueSummary } from './format';

const RevenueChart = lazy(() => import('./revenue-chart'));

/**
 * Beyond the spec (docs/product.md §10–11): revenue per day for the last 30 days. The bars are for the
 * eye; the caption and a visually hidden table carry the same figures for a screen reader.
 */
export function RevenuePanel() {
  const daily = useDailyRevenue();
  const days = daily.data;
  const { totalCents, best } = revenueSummary(days ?? []);

  return (
    <Card className="p-5">
      <figure aria-labelledby="revenue-chart-title" className="m-0">
        <h2 id="revenue-chart-title" className="font-semibold">
          Revenue, last {CHART_DAYS} days{days?.some((d) => d.testMode) ? ' (test payments)' : ''}
        </h2>
        <figcaption
          className="mt-1 text-sm text-muted-foreground"
          data-testid="revenue-chart-caption"
        >
          {days
            ? best
              ? `${formatMoney(totalCents / 100)} in total; the best day was ${longDate(best.date)} with ${formatMoney(best.total)}.`
              : `No sales in the last ${CHART_DAYS} days.`
            : daily.isError
              ? `The revenue by day could not be loaded: ${errorMessage(daily.error, 'Unknown error')}`
              : 'Loading revenue by day…'}
        </figcaption>
        <div className="mt-4">
          {days ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <RevenueChart days={days} />
            </Suspense>
          ) : (
            !daily.isError && <Skeleton className="h-64 w-full" />
          )}
        </div>
        {days && (
          // The wrapper is what hides it: a table grows past a width of 1px and would widen the page.
          <div className="sr-only">
            <table>
              <caption>Revenue by day, last {CHART_DAYS} days</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{longDate(d.date)}</th>
                    <td>{formatMoney(d.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </figure>
    </Card>
  );
}
