import { Check } from 'lucide-react';

/** What a plan includes, as a checked list (plan cards, checkout). */
export function PlanFeatures({ features, className }: { features: string[]; className?: string }) {
  return (
    <ul className={className ?? 'grid gap-2 text-sm'}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-flag-red" aria-hidden="true" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
