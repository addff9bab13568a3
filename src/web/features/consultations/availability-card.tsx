import { useEffect, useState } from 'react';
import {
  SLOT_MINUTES_CHOICES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type AvailabilityRange,
} from '../../../contract/consultations/consultations';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input, Select } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { browserTimeZone } from './consultation-section';
import { useMyAvailability, useSaveAvailability, useSaveConsultationSettings } from './admin-api';

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

/** Settings → Availability: the signed-in employee's weekly hours and days off, in their zone. */
export function AvailabilityCard({ owner }: { owner: boolean }) {
  const mine = useMyAvailability();
  if (mine.isPending) return <Skeleton className="h-64 w-full" />;
  if (mine.isError)
    return (
      <p className="text-sm text-destructive">
        Error loading your availability: {errorMessage(mine.error, 'Unknown error')}
      </p>
    );
  return (
    <div className="grid gap-6">
      <HoursForm
        initial={mine.data.availability ?? { timeZone: browserTimeZone(), weekly: [], daysOff: [] }}
      />
      <SettingsForm initial={mine.data.settings} owner={owner} />
    </div>
  );
}

function HoursForm({
  initial,
}: {
  initial: { timeZone: string; weekly: AvailabilityRange[]; daysOff: string[] };
}) {
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [weekly, setWeekly] = useState<AvailabilityRange[]>(initial.weekly);
  const [daysOff, setDaysOff] = useState(initial.daysOff.join('\n'));
  const save = useSaveAvailability();
  const issues = fieldIssues(save.error);
  const daysOffError = Object.entries(issues).find(([k]) => k.startsWith('daysOff'))?.[1];
  useEffect(() => setWeekly(initial.weekly), [initial.weekly]);
  const update = (index: number, change: Partial<AvailabilityRange>) =>
    setWeekly((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r)));
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Your availability for consultations</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Clients book consultations in the hours you set here, in your own time zone. Days off take a
        whole day away.
      </p>
      <form
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              timeZone,
              weekly,
              daysOff: daysOff
                .split(/[\s,]+/)
                .map((d) => d.trim())
                .filter(Boolean),
            },
            { onSuccess: () => toast({ title: 'Availability saved' }) },
          );
        }}
      >
        <Field id="availability-zone" label="Time zone" error={issues.timeZone}>
          <Input
            id="availability-zone"
            list="availability-zones"
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            aria-invalid={Boolean(issues.timeZone)}
            aria-describedby={describedBy('availability-zone', issues.timeZone)}
            autoComplete="off"
          />
          <datalist id="availability-zones">
            {ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Weekly hours</legend>
          {weekly.length === 0 && (
            <p className="text-sm text-muted-foreground">No hours yet: add a time range.</p>
          )}
          {weekly.map((range, index) => (
            <div key={index} className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <label className="text-xs" htmlFor={`range-${index}-day`}>
                  Day
                </label>
                <Select
                  id={`range-${index}-day`}
                  value={range.weekday}
                  onChange={(e) => update(index, { weekday: Number(e.target.value) })}
                  className="w-36"
                >
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={d}>
                      {WEEKDAY_NAMES[d]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1">
                <label className="text-xs" htmlFor={`range-${index}-start`}>
                  From
                </label>
                <Input
                  id={`range-${index}-start`}
                  type="time"
                  value={range.start}
                  onChange={(e) => update(index, { start: e.target.value })}
                  className="w-32"
                />
              </div>
              <div className="grid gap-1">
                <label className="text-xs" htmlFor={`range-${index}-end`}>
                  To
                </label>
                <Input
                  id={`range-${index}-end`}
                  type="time"
                  value={range.end === '24:00' ? '23:59' : range.end}
                  onChange={(e) => update(index, { end: e.target.value })}
                  className="w-32"
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => setWeekly((all) => all.filter((_, i) => i !== index))}
                aria-label={`Remove ${WEEKDAY_NAMES[range.weekday]} ${range.start}–${range.end}`}
              >
                Remove
              </Button>
              {(issues[`weekly.${index}.end`] ?? issues[`weekly.${index}.start`]) && (
                <p className="w-full text-xs font-medium text-destructive">
                  {issues[`weekly.${index}.end`] ?? issues[`weekly.${index}.start`]}
                </p>
              )}
            </div>
          ))}
          {issues.weekly && <p className="text-xs font-medium text-destructive">{issues.weekly}</p>}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                setWeekly((all) => [
                  ...all,
                  { weekday: all.at(-1)?.weekday ?? 1, start: '09:00', end: '17:00' },
                ])
              }
            >
              Add a time range
            </Button>
          </div>
        </fieldset>
        <Field
          id="availability-days-off"
          label="Days off"
          hint="One date per line, written YYYY-MM-DD."
          error={daysOffError}
        >
          <textarea
            id="availability-days-off"
            className="min-h-24 w-full rounded-md border border-border bg-card px-3 py-2 text-base sm:text-sm"
            value={daysOff}
            onChange={(e) => setDaysOff(e.target.value)}
            aria-invalid={Boolean(daysOffError)}
            aria-describedby={describedBy(
              'availability-days-off',
              daysOffError,
              'One date per line, written YYYY-MM-DD.',
            )}
          />
        </Field>
        {save.error && !Object.keys(issues).length && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(save.error, 'Could not save.')}
          </p>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save availability
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SettingsForm({
  initial,
  owner,
}: {
  initial: { slotMinutes: number; cutoffHours: number };
  owner: boolean;
}) {
  const [slotMinutes, setSlotMinutes] = useState(initial.slotMinutes);
  const [cutoffHours, setCutoffHours] = useState(String(initial.cutoffHours));
  const save = useSaveConsultationSettings();
  const issues = fieldIssues(save.error);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Consultation settings</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        For everyone: how long a consultation is, and until how many hours before it a client may
        reschedule or cancel it online.{owner ? '' : ' Only owners can change these.'}
      </p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { slotMinutes, cutoffHours: Number(cutoffHours) },
            { onSuccess: () => toast({ title: 'Consultation settings saved' }) },
          );
        }}
      >
        <Field id="consultation-slot" label="Slot length (minutes)" error={issues.slotMinutes}>
          <Select
            id="consultation-slot"
            value={slotMinutes}
            disabled={!owner}
            onChange={(e) => setSlotMinutes(Number(e.target.value))}
          >
            {SLOT_MINUTES_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="consultation-cutoff"
          label="Reschedule or cancel up to (hours before)"
          error={issues.cutoffHours}
        >
          <Input
            id="consultation-cutoff"
            type="number"
            min={0}
            max={168}
            value={cutoffHours}
            disabled={!owner}
            onChange={(e) => setCutoffHours(e.target.value)}
            aria-invalid={Boolean(issues.cutoffHours)}
            aria-describedby={describedBy('consultation-cutoff', issues.cutoffHours)}
          />
        </Field>
        {owner && (
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              Save settings
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
