import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Where a visitor is in a short flow ('Register → Pay → Done'): done steps ticked, the current one marked. */
export function Steps({
  steps,
  current,
  label,
  doneLabel = '(done)',
}: {
  steps: readonly string[];
  current: number;
  label: string;
  doneLabel?: string;
}) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {steps.map((step, i) => {
          const done = i < current;
          const here = i === current;
          return (
            <li
              key={step}
              className="flex items-center gap-2"
              aria-current={here ? 'step' : undefined}
            >
              {i > 0 && <span aria-hidden="true" className="h-px w-6 bg-border" />}
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-xs font-bold',
                  done && 'border-navy-700 bg-navy-700 text-white',
                  here && 'border-flag-red bg-flag-red text-white',
                  !done && !here && 'border-border text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {done ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span className={cn(here ? 'font-semibold' : 'text-muted-foreground')}>
                {step}
                {done && <span className="sr-only"> {doneLabel}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
