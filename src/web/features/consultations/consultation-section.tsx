import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CONSULTATION_ANCHOR,
  type ClientConsultation,
} from '../../../contract/consultations/consultations';
import { INTL_LOCALES } from '../../../contract/lib/locale-format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { pageLocale, useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import {
  useAccountConsultation,
  useBookConsultation,
  useCancelConsultation,
  useConsultationSlots,
} from './api';
import { ConsultationPlaceholder } from './placeholder';
import { useConsultationMessages } from './messages';

/** The browser's time zone ('Europe/Madrid'); UTC when it names none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function formatters(timeZone: string) {
  const locale = INTL_LOCALES[pageLocale];
  return {
    day: new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    }),
    dayKey: new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
    full: new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }),
  };
}

/**
 * 'Book your consultation' on the billing page (issue 29 §2): free times in the browser's zone
 * and the page's language; the booked one with 'Reschedule' and 'Cancel' until the cut-off.
 */
export function ConsultationSection() {
  const ready = useConsultationMessages();
  const timeZone = useMemo(browserTimeZone, []);
  const current = useAccountConsultation();
  const section = useRef<HTMLElement>(null);
  // The welcome e-mail's link ends in #consultation: bring the section into view once it shows.
  useEffect(() => {
    if (ready && current.data && window.location.hash === `#${CONSULTATION_ANCHOR}`)
      section.current?.scrollIntoView({ block: 'start' });
  }, [ready, current.data]);
  // While its words or the booking are on the way, the section's room is kept (sections below
  // would jump down when it shows, a layout shift: bench:account).
  if (!ready || current.isPending) return <ConsultationPlaceholder />;
  // Nothing to book without a live subscription (a cancelled client), unless one is still booked.
  if (!current.data || (!current.data.canBook && !current.data.consultation)) return null;
  return (
    <section
      ref={section}
      id={CONSULTATION_ANCHOR}
      aria-labelledby="consultation-title"
      className="mt-8 scroll-mt-4"
    >
      <Body
        consultation={current.data.consultation}
        cutoffHours={current.data.cutoffHours}
        timeZone={timeZone}
      />
    </section>
  );
}

function Body({
  consultation,
  cutoffHours,
  timeZone,
}: {
  consultation: ClientConsultation | null;
  cutoffHours: number;
  timeZone: string;
}) {
  const _ = useT();
  const f = formatters(timeZone);
  const [moving, setMoving] = useState(false);
  const cancel = useCancelConsultation();
  if (consultation && !moving) {
    const changeable = Date.now() < new Date(consultation.changeableUntil).getTime();
    return (
      <Card className="p-6">
        <h2 id="consultation-title" className="text-xl font-bold">
          {_('consult.yours')}
        </h2>
        <p className="mt-3">
          {_('consult.bookedFor', {
            when: f.full.format(new Date(consultation.startsAt)),
            host: consultation.hostName,
          })}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {_('consult.timesIn', { zone: timeZone })}
        </p>
        {changeable ? (
          <>
            <p className="mt-3 text-sm">
              {_('consult.changeUntil', {
                until: f.full.format(new Date(consultation.changeableUntil)),
              })}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setMoving(true)}>
                {_('consult.reschedule')}
              </Button>
              <Button
                variant="outline"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => toast({ title: _('consult.cancelled') }),
                    onError: (error) =>
                      toast({
                        title: _('consult.failed'),
                        description: errorMessage(error, _('common.pleaseTryAgain')),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                {_('consult.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <p className="mt-3 text-sm">{_('consult.tooLate', { hours: cutoffHours })}</p>
        )}
      </Card>
    );
  }
  return (
    <Picker
      reschedule={Boolean(consultation)}
      timeZone={timeZone}
      onDone={() => setMoving(false)}
    />
  );
}

function Picker({
  reschedule,
  timeZone,
  onDone,
}: {
  reschedule: boolean;
  timeZone: string;
  onDone: () => void;
}) {
  const _ = useT();
  const f = formatters(timeZone);
  const slots = useConsultationSlots(timeZone, true);
  const book = useBookConsultation(reschedule);
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const slot of slots.data?.slots ?? []) {
      const key = f.dayKey.format(new Date(slot));
      byDay.set(key, [...(byDay.get(key) ?? []), slot]);
    }
    return [...byDay.entries()];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slots.data, timeZone]);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const chosenDay = days.find(([key]) => key === day) ?? days[0];
  const submit = () => {
    if (!time) return;
    book.mutate(
      { startsAt: time, timeZone },
      {
        onSuccess: () => {
          toast({ title: reschedule ? _('consult.moved') : _('consult.booked') });
          onDone();
        },
      },
    );
  };
  return (
    <Card className="p-6">
      <h2 id="consultation-title" className="text-xl font-bold">
        {reschedule ? _('consult.rescheduleTitle') : _('consult.title')}
      </h2>
      <p className="mt-2 text-sm">{_('consult.intro')}</p>
      <p className="mt-1 text-sm font-medium">{_('consult.timesIn', { zone: timeZone })}</p>
      {slots.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {_('consult.loading')}
        </p>
      ) : slots.error ? (
        <p className="mt-4 text-sm" role="alert">
          {errorMessage(slots.error, _('common.pleaseTryAgain'))}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-4 text-sm">{_('consult.none')}</p>
      ) : (
        <form
          className="mt-4 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor="consultation-day" className="text-sm font-medium">
              {_('consult.day')}
            </label>
            <Select
              id="consultation-day"
              value={chosenDay?.[0] ?? ''}
              onChange={(event) => {
                setDay(event.target.value);
                setTime(null);
              }}
            >
              {days.map(([key, daySlots]) => (
                <option key={key} value={key}>
                  {f.day.format(new Date(daySlots[0]!))}
                </option>
              ))}
            </Select>
          </div>
          <fieldset>
            <legend className="text-sm font-medium">{_('consult.time')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {(chosenDay?.[1] ?? []).map((slot) => (
                <label
                  key={slot}
                  className="cursor-pointer rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
                >
                  <input
                    type="radio"
                    name="consultation-time"
                    value={slot}
                    checked={time === slot}
                    onChange={() => setTime(slot)}
                    className="sr-only"
                  />
                  {f.time.format(new Date(slot))}
                </label>
              ))}
            </div>
          </fieldset>
          {book.error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(book.error, _('common.pleaseTryAgain'))}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={!time || book.isPending}>
              {reschedule ? _('consult.moveHere') : _('consult.book')}
            </Button>
            {reschedule && (
              <Button type="button" variant="outline" onClick={onDone}>
                {_('consult.keep')}
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
