import type { RevenueSummary } from '../../../contract/revenue/revenue';
import { Card } from '../../components/ui/card';
import { formatMoney } from './format';

const SOURCES = [
  ['plans', 'Plan subscriptions'],
  ['applications', 'Applications'],
  ['other', 'Other sales'],
] as const;

/**
 * Where the revenue comes from: plan subscriptions, the applications' products and any other
 * sale, each a row, so the rows add up to Today's Revenue and This Week. Beside them the plans'
 * monthly recurring revenue and their churn over 30 days.
 */
export function RevenueSources({ summary }: { summary: RevenueSummary }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-sm">
          <caption id="sources-heading" className="px-4 pt-4 text-left font-semibold">
            Revenue by source
          </caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="px-4 py-2 font-medium">
                Source
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Today
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                This week
              </th>
            </tr>
          </thead>
          <tbody>
            {SOURCES.map(([key, label]) => (
              <tr key={key} className="border-b border-border">
                <th scope="row" className="px-4 py-2 text-left font-normal">
                  {label}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatMoney(summary.bySource[key].today)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {formatMoney(summary.bySource[key].week)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="px-4 py-2 text-left">
                Total
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{formatMoney(summary.today)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatMoney(summary.week)}</td>
            </tr>
          </tfoot>
        </table>
      </Card>
      <Card
        role="group"
        aria-labelledby="recurring-heading"
        className="grid content-start gap-3 p-5"
      >
        <h2 id="recurring-heading" className="font-semibold">
          Plans
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Monthly recurring revenue</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="mrr-value">
            {formatMoney(summary.mrr)}
          </dd>
          <dt className="text-muted-foreground">Active subscriptions</dt>
          <dd className="text-right tabular-nums">{summary.activeSubscriptions}</dd>
          <dt className="text-muted-foreground">Churn, last 30 days</dt>
          <dd className="text-right tabular-nums">
            {summary.churn30 === null ? 'None yet' : `${summary.churn30.toFixed(1)}%`}
          </dd>
        </dl>
      </Card>
    </div>
  );
}
