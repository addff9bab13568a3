import { useState, type FormEvent } from 'react';
import { WEEKDAY_NAMES, WEEKDAYS } from '../../../contract/consultations/consultations';
import { SUPPORT_HOURS_LABELS, type SupportHours } from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import ErrorSummary, { type FormProblem } from '../../components/ui/error-summary';
import { describedBy, Field, Input } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useSaveSupportHours, useSupportHours } from './admin-api';
import { calendarDay } from './admin-format';

/** Settings → Support hours: when the normal target's business days run, and both targets. */
export function SupportHoursCard({ owner }: { owner: boolean }) {
  const hours = useSupportHours();
  if (hours.isPending) return <Skeleton className="h-64 w-full" />;
  if (hours.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Error loading the support hours: {errorMessage(hours.error, 'Unknown error')}
      </p>
    );
  return <HoursForm initial={hours.data} owner={owner} />;
}

// The form's field for each of the server's paths ('holidays.2' → the holidays list).
const FIELD_IDS: Record<string, string> = {
  weekdays: `support-weekday-${WEEKDAYS[0]}`,
  start: 'support-start',
  end: 'support-end',
  holidays: 'support-holiday-new',
  urgentMinutes: 'support-urgent-minutes',
  normalBusinessDays: 'support-normal-days',
};

function HoursForm({ initial, owner }: { initial: SupportHours; owner: boolean }) {
  const save = useSaveSupportHours();
  const [weekdays, setWeekdays] = useState<number[]>(initial.weekdays);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [holidays, setHolidays] = useState<string[]>(initial.holidays);
  const [newHoliday, setNewHoliday] = useState('');
  const [holidayError, setHolidayError] = useState<string | null>(null);
  const [urgentMinutes, setUrgentMinutes] = useState(String(initial.urgentMinutes));
  const [normalDays, setNormalDays] = useState(String(initial.normalBusinessDays));
  const [attempt, setAttempt] = useState(0);

  // 'holidays.3' and the like count as the holidays list's error.
  const issues: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldIssues(save.error))) {
    const field = path.split('.')[0]!;
    issues[field] ??= message;
  }
  const problems: FormProblem[] = Object.entries(issues).map(([field, message]) => ({
    id: FIELD_IDS[field] ?? 'support-start',
    message,
  }));

  const addHoliday = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newHoliday)) {
      setHolidayError('Choose a date to add.');
      document.getElementById('support-holiday-new')?.focus();
      return;
    }
    setHolidayError(null);
    setHolidays((all) => (all.includes(newHoliday) ? all : [...all, newHoliday].sort()));
    setNewHoliday('');
  };
  const removeHoliday = (day: string) => {
    const index = holidays.indexOf(day);
    const rest = holidays.filter((d) => d !== day);
    setHolidays(rest);
    // Focus goes to the next holiday's Remove button, else the previous one's, else the date field.
    const next = rest[index] ?? rest[index - 1];
    focusWhenShown(() =>
      document.getElementById(next ? `support-holiday-remove-${next}` : 'support-holiday-new'),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        weekdays: [...weekdays].sort((a, b) => a - b),
        start,
        end,
        holidays,
        urgentMinutes: Number(urgentMinutes),
        normalBusinessDays: Number(normalDays),
      },
      {
        onSuccess: (saved) => {
          setHolidays(saved.holidays);
          toast({ title: 'Support hours saved' });
        },
        onError: (error) => {
          setAttempt((n) => n + 1);
          if (Object.keys(fieldIssues(error)).length === 0)
            toast({
              title: 'Not saved',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            });
        },
      },
    );
  };

  const holidayMessage = holidayError ?? issues.holidays;
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Support hours</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Urgent requests are answered at any hour; normal ones within business days. Times are the
        agency’s time zone: <strong className="text-foreground">{initial.timeZone}</strong> (set by
        the server, not here).{owner ? '' : ' Only owners can change these.'}
      </p>
      <form className="mt-4 grid gap-5" onSubmit={submit} noValidate>
        <ErrorSummary title="Check the support hours" problems={problems} attempt={attempt} />
        {/* Everyone reads the hours; the server lets owners alone change them. */}
        <fieldset disabled={!owner} className="contents">
          <fieldset
            className="grid gap-2"
            aria-invalid={Boolean(issues.weekdays)}
            aria-describedby={issues.weekdays ? 'support-weekdays-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">{SUPPORT_HOURS_LABELS.weekdays}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {WEEKDAYS.map((d) => (
                <label key={d} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    id={`support-weekday-${d}`}
                    type="checkbox"
                    className="size-4"
                    checked={weekdays.includes(d)}
                    onChange={(e) =>
                      setWeekdays((all) =>
                        e.target.checked ? [...all, d] : all.filter((x) => x !== d),
                      )
                    }
                  />
                  {WEEKDAY_NAMES[d]}
                </label>
              ))}
            </div>
            {issues.weekdays && (
              <p id="support-weekdays-error" className="text-xs font-medium text-destructive">
                {issues.weekdays}
              </p>
            )}
          </fieldset>
          <div className="flex flex-wrap gap-4">
            <Field id="support-start" label={SUPPORT_HOURS_LABELS.start} error={issues.start}>
              <Input
                id="support-start"
                type="time"
                className="w-36"
                value={start}
                onChange={(e) => setStart(e.target.value)}
                aria-invalid={Boolean(issues.start)}
                aria-describedby={describedBy('support-start', issues.start)}
              />
            </Field>
            <Field id="support-end" label={SUPPORT_HOURS_LABELS.end} error={issues.end}>
              <Input
                id="support-end"
                type="time"
                className="w-36"
                value={end === '24:00' ? '23:59' : end}
                onChange={(e) => setEnd(e.target.value)}
                aria-invalid={Boolean(issues.end)}
                aria-describedby={describedBy('support-end', issues.end)}
              />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{SUPPORT_HOURS_LABELS.holidays}</legend>
            {holidays.length === 0 ? (
              <p className="text-sm text-muted-foreground">No holidays.</p>
            ) : (
              <ul className="grid gap-1" aria-label="Holidays">
                {holidays.map((day) => (
                  <li key={day} className="flex items-center gap-2 text-sm">
                    <span className="w-40">{calendarDay(day)}</span>
                    <Button
                      id={`support-holiday-remove-${day}`}
                      variant="ghost"
                      size="sm"
                      onClick={() => removeHoliday(day)}
                    >
                      Remove<span className="sr-only"> {calendarDay(day)}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-end gap-2">
              <Field
                id="support-holiday-new"
                label="Add a holiday"
                error={holidayMessage ?? undefined}
              >
                <Input
                  id="support-holiday-new"
                  type="date"
                  className="w-44"
                  value={newHoliday}
                  onChange={(e) => setNewHoliday(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addHoliday();
                    }
                  }}
                  aria-invalid={Boolean(holidayMessage)}
                  aria-describedby={describedBy('support-holiday-new', holidayMessage ?? undefined)}
                />
              </Field>
              <Button variant="outline" onClick={addHoliday}>
                Add holiday
              </Button>
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="support-urgent-minutes"
              label={SUPPORT_HOURS_LABELS.urgentMinutes}
              error={issues.urgentMinutes}
            >
              <Input
                id="support-urgent-minutes"
                type="number"
                inputMode="numeric"
                min={5}
                max={1440}
                value={urgentMinutes}
                onChange={(e) => setUrgentMinutes(e.target.value)}
                aria-invalid={Boolean(issues.urgentMinutes)}
                aria-describedby={describedBy('support-urgent-minutes', issues.urgentMinutes)}
              />
            </Field>
            <Field
              id="support-normal-days"
              label={SUPPORT_HOURS_LABELS.normalBusinessDays}
              error={issues.normalBusinessDays}
            >
              <Input
                id="support-normal-days"
                type="number"
                inputMode="numeric"
                min={1}
                max={10}
                value={normalDays}
                onChange={(e) => setNormalDays(e.target.value)}
                aria-invalid={Boolean(issues.normalBusinessDays)}
                aria-describedby={describedBy('support-normal-days', issues.normalBusinessDays)}
              />
            </Field>
          </div>
        </fieldset>
        {owner && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save support hours'}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
