import { Button } from './button';

/**
 * 'Show: Waiting 4 · Contacted 12': toggle buttons that choose a list's view, each with its count
 * once the counts are in (aria-pressed on the chosen one; a group named by its 'Show' label).
 */
export function ViewToggle<V extends string>({
  id,
  views,
  labels,
  current,
  counts,
  onChange,
}: {
  /** The label's id (unique in the page). */
  id: string;
  views: readonly V[];
  labels: Record<V, string>;
  current: V;
  counts: Record<V, number> | undefined;
  onChange: (view: V) => void;
}) {
  return (
    <div role="group" aria-labelledby={id} className="flex flex-wrap items-center gap-2">
      <span id={id} className="mr-1 text-sm font-semibold">
        Show
      </span>
      {views.map((v) => (
        <Button
          key={v}
          size="sm"
          variant={current === v ? 'primary' : 'outline'}
          aria-pressed={current === v}
          onClick={() => onChange(v)}
        >
          {labels[v]}
          {counts && (
            <>
              {' '}
              <span className="font-normal tabular-nums">{counts[v]}</span>
            </>
          )}
        </Button>
      ))}
    </div>
  );
}
