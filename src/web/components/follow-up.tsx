import { useEffect, useState } from 'react';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Input } from './ui/field';

export interface FollowUpChange {
  nextFollowUp?: string | null;
  lastContacted?: string | null;
}

interface FollowUpProps {
  /** Prefix of the inputs' ids (unique on the page). */
  id: string;
  nextFollowUp: string | null;
  /** Leave out (undefined) where there is no last-contacted date to keep (investors). */
  lastContacted?: string | null;
  /** Today in the agency's time zone ('2026-11-25'), from the server. */
  today: string;
  pending?: boolean;
  onChange: (change: FollowUpChange) => void;
  /** Who the dates belong to, for screen readers (the id of the lead's or investor's name). */
  describedBy?: string;
}

/** '2026-11-25' plus `days`. */
export function addDaysTo(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** 'Overdue', 'Due today' or nothing, for a next follow-up date. */
export function followUpState(next: string | null, today: string): 'overdue' | 'due' | null {
  if (!next) return null;
  return next < today ? 'overdue' : next === today ? 'due' : null;
}

const looksLikeDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && text >= '2000-01-01' && text <= '2100-12-31';

/**
 * The next follow-up date (with 'Tomorrow' and 'In a week') and, for leads, the last-contacted date
 * (with 'Contacted today'). A typed date is saved when the field is left, so a half-typed year is
 * never sent; the buttons save at once.
 */
export function FollowUp({
  id,
  nextFollowUp,
  lastContacted,
  today,
  pending,
  onChange,
  describedBy,
}: FollowUpProps) {
  const state = followUpState(nextFollowUp, today);
  return (
    <fieldset className="grid gap-3" aria-describedby={describedBy} aria-busy={pending}>
      <legend className="mb-1 flex items-center gap-2 text-sm font-semibold">
        Follow-up
        {state && (
          <Badge variant={state === 'overdue' ? 'red' : 'default'} className="px-2 py-0.5">
            {state === 'overdue' ? 'Overdue' : 'Due today'}
          </Badge>
        )}
      </legend>
      <DateField
        id={`${id}-next`}
        label="Next follow-up"
        value={nextFollowUp}
        onSave={(value) => onChange({ nextFollowUp: value })}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange({ nextFollowUp: addDaysTo(today, 1) })}
        >
          Tomorrow
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange({ nextFollowUp: addDaysTo(today, 7) })}
        >
          In a week
        </Button>
        {nextFollowUp && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ nextFollowUp: null })}>
            Clear date
          </Button>
        )}
      </div>
      {lastContacted !== undefined && (
        <>
          <DateField
            id={`${id}-last`}
            label="Last contacted"
            value={lastContacted}
            onSave={(value) => onChange({ lastContacted: value })}
          />
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => onChange({ lastContacted: today })}
          >
            Contacted today
          </Button>
        </>
      )}
    </fieldset>
  );
}

function DateField({
  id,
  label,
  value,
  onSave,
}: {
  id: string;
  label: string;
  value: string | null;
  onSave: (value: string | null) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  const [error, setError] = useState('');
  useEffect(() => setDraft(value ?? ''), [value]);
  const save = () => {
    if (draft === (value ?? '')) return setError('');
    if (draft !== '' && !looksLikeDate(draft)) return setError('Enter a date like 2026-11-25.');
    setError('');
    onSave(draft || null);
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
