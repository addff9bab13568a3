import {
  AppWindow,
  CalendarDays,
  DollarSign,
  Minus,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { RevenueSummary } from '../../../contract/revenue/revenue';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { changeText, changeTrend, formatMoney, newThisMonthText, type Trend } from './format';

const TREND_ICONS: Record<Trend, LucideIcon | null> = {
  up: TrendingUp,
  down: TrendingDown,
  flat: Minus,
  none: null,
};

/** '+12.5% vs yesterday' from the real change (or 'No sales yesterday'). */
function ChangeBadge({
  change,
  period,
}: {
  change: number | null;
  period: 'yesterday' | 'last week';
}) {
  const trend = changeTrend(change);
  const Icon = TREND_ICONS[trend];
  return (
    <Badge
      variant={trend === 'up' ? 'default' : trend === 'down' ? 'red' : 'secondary'}
      data-trend={trend}
    >
      {Icon && <Icon className="size-3.5" aria-hidden="true" />}
      {changeText(change, period)}
    </Badge>
  );
}

function SummaryCard({
  id,
  title,
  icon: Icon,
  value,
  badge,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  badge: ReactNode;
}) {
  return (
    <Card role="group" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </div>
      <p className="text-3xl font-bold tabular-nums" data-testid={`${id}-value`}>
        {value}
      </p>
      <div>{badge}</div>
    </Card>
  );
}

/** Today's Revenue, This Week and Active Apps, each against the period before. */
export function SummaryCards({ summary }: { summary: RevenueSummary | undefined }) {
  if (!summary) {
    return (
      <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="grid gap-3 p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-9 w-36" />
            <Skeleton className="h-6 w-32 rounded-full" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        id="revenue-today"
        title="Today's Revenue"
        icon={DollarSign}
        value={formatMoney(summary.today)}
        badge={<ChangeBadge change={summary.todayChange} period="yesterday" />}
      />
      <SummaryCard
        id="revenue-week"
        title="This Week"
        icon={CalendarDays}
        value={formatMoney(summary.week)}
        badge={<ChangeBadge change={summary.weekChange} period="last week" />}
      />
      <SummaryCard
        id="active-apps"
        title="Active Apps"
        icon={AppWindow}
        value={summary.activeApps}
        badge={<Badge variant="secondary">{newThisMonthText(summary.newThisMonth)}</Badge>}
      />
    </div>
  );
}
