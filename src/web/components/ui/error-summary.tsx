import { useEffect, useRef } from 'react';

export interface FormProblem {
  /** The id of the field to fix. */
  id: string;
  message: string;
}

/**
 * GOV.UK's error summary: at the top of a form sent with mistakes, a list of them, each a link to
 * its field. It takes focus after each failed submit (`attempt` changes, or it appears), so a screen reader reads
 * what to fix; a link puts focus in its field and scrolls its label into view. The messages are the
 * ones shown beside the fields: the same words, never a toast (docs/decisions/034).
 */
export default function ErrorSummary({
  title,
  problems,
  attempt,
}: {
  title: string;
  problems: FormProblem[];
  attempt: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = problems.length > 0;
  useEffect(() => {
    if (shown && attempt > 0) ref.current?.focus();
    // Each failed submit, and the server's answer naming fields, moves focus here once; fixing a
    // field (the list changes) does not.
  }, [attempt, shown]);
  if (!shown) return null;
  const go = (id: string) => {
    const field = document.getElementById(id);
    if (!field) return;
    field.focus({ preventScroll: true });
    (document.querySelector(`label[for="${id}"]`) ?? field).scrollIntoView({ block: 'start' });
  };
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      data-testid="error-summary"
      className="rounded-lg border-2 border-flag-red bg-card p-4 text-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:col-span-2"
    >
      <h2 id="error-summary-title" className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2 grid gap-1">
        {problems.map((p) => (
          <li key={p.id}>
            <a
              href={`#${p.id}`}
              className="font-medium text-destructive underline"
              onClick={(event) => {
                event.preventDefault();
                go(p.id);
              }}
            >
              {p.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
