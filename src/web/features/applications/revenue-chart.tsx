import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyRevenue } from '../../../contract/revenue/revenue';
import { formatMoney, longDate, shortDate } from './format';

const AXIS_TICK = { fill: 'var(--color-muted-foreground)', fontSize: 12 };

/**
 * The bars only (loaded as its own chunk: recharts is large and only this dashboard needs it).
 * Hidden from assistive technology: the caller gives the same figures as text and a table.
 */
export default function RevenueChart({ days }: { days: DailyRevenue[] }) {
  const data = days.map((d) => ({ date: d.date, amount: Number(d.total) }));
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 640, height: 256 }}
      >
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="date"
            tickFormatter={shortDate}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(v: number) => `$${v.toLocaleString('en-US')}`}
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={false}
            width={64}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            formatter={(value) => [formatMoney(Number(value)), 'Revenue']}
            labelFormatter={(label) => (typeof label === 'string' ? longDate(label) : label)}
            contentStyle={{
              background: 'var(--color-card)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-foreground)',
            }}
          />
          <Bar
            dataKey="amount"
            name="Revenue"
            fill="var(--color-primary)"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
