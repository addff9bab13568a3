import type { ReactNode } from 'react';

/** Label–value rows, as a record shows them: the label beside its value (under it on a phone), '—' when empty. */
export function FactList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
