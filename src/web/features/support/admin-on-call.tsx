import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { EmployeeName, OnCallRotation } from '../../../contract/support/support';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Select } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useEmployeeNames, useOnCall, useSaveOnCall } from './admin-api';
import { calendarDay } from './admin-format';

/**
 * Settings → On call: the employees who take the on-call week in turn (Monday to Monday, in the
 * agency's time zone), in their order, and who takes this week; the weeks ahead as the server
 * works them out.
 */
export function OnCallCard({ owner }: { owner: boolean }) {
  const rotation = useOnCall();
  if (rotation.isPending) return <Skeleton className="h-64 w-full" />;
  if (rotation.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Error loading the on-call rotation: {errorMessage(rotation.error, 'Unknown error')}
      </p>
    );
  return (
    <div className="grid gap-6">
      <RotationForm initial={rotation.data} owner={owner} />
      <Weeks rotation={rotation.data} />
    </div>
  );
}

const rowId = (id: string, what: string) => `on-call-${what}-${id}`;

function RotationForm({ initial, owner }: { initial: OnCallRotation; owner: boolean }) {
  const employees = useEmployeeNames();
  const save = useSaveOnCall();
  const [listed, setListed] = useState<EmployeeName[]>(initial.employees);
  const [thisWeek, setThisWeek] = useState(
    initial.now && initial.employees.some((e) => e.id === initial.now!.id)
      ? initial.now.id
      : (initial.employees[0]?.id ?? ''),
  );
  const [adding, setAdding] = useState('');
  const issues = fieldIssues(save.error);
  const listError = Object.entries(issues).find(([k]) => k.startsWith('employeeIds'))?.[1];
  const candidates = (employees.data ?? []).filter((e) => !listed.some((l) => l.id === e.id));
  // The one taking this week must be in the list; otherwise the first listed takes it.
  const chosenThisWeek = listed.some((e) => e.id === thisWeek) ? thisWeek : (listed[0]?.id ?? '');

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= listed.length) return;
    const next = [...listed];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setListed(next);
    // Focus follows the moved person; at an end of the list, to their other arrow.
    const moved = listed[index]!;
    const atEnd = (by === -1 && target === 0) || (by === 1 && target === next.length - 1);
    const button = atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down';
    focusWhenShown(() => document.getElementById(rowId(moved.id, button)));
  };
  const remove = (index: number) => {
    const rest = listed.filter((_, i) => i !== index);
    setListed(rest);
    const next = rest[index] ?? rest[index - 1];
    focusWhenShown(() => document.getElementById(next ? rowId(next.id, 'remove') : 'on-call-add'));
  };
  const add = () => {
    const employee = candidates.find((e) => e.id === adding);
    if (!employee) return;
    setListed((all) => [...all, employee]);
    setAdding('');
    // The Add button turns disabled: focus goes back to the choice, or to the new row when nobody is left.
    const more = candidates.length > 1;
    focusWhenShown(() =>
      document.getElementById(more ? 'on-call-add' : rowId(employee.id, 'remove')),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        employeeIds: listed.map((e) => e.id),
        ...(chosenThisWeek ? { thisWeek: chosenThisWeek } : {}),
      },
      {
        onSuccess: (saved) => {
          setListed(saved.employees);
          if (saved.now) setThisWeek(saved.now.id);
          toast({
            title: 'On-call rotation saved',
            description: saved.now
              ? `${saved.now.name} is on call now.`
              : 'Nobody is on call: urgent requests go straight to the owners.',
          });
        },
        onError: (error) => {
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

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">On call</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Each listed employee is on call for a week, Monday to Monday, in this order. The one on call
        hears of an urgent request at once, day or night. With nobody listed, urgent requests go
        straight to the owners.{owner ? '' : ' Only owners can change the rotation.'}
      </p>
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        {/* Everyone reads the rotation; the server lets owners alone change it. */}
        <fieldset disabled={!owner} className="contents">
          <fieldset
            className="grid gap-2"
            aria-invalid={Boolean(listError)}
            aria-describedby={listError ? 'on-call-list-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Rotation, in order</legend>
            {listed.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nobody in the rotation.</p>
            ) : (
              <ol className="grid gap-1">
                {listed.map((e, index) => (
                  <li
                    key={e.id}
                    className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-1 text-sm"
                  >
                    <span className="w-6 tabular-nums text-muted-foreground">{index + 1}.</span>
                    <span className="min-w-0 flex-1 break-words font-medium">{e.name}</span>
                    <Button
                      id={rowId(e.id, 'up')}
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      aria-label={`Move ${e.name} up`}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      id={rowId(e.id, 'down')}
                      variant="ghost"
                      size="sm"
                      disabled={index === listed.length - 1}
                      aria-label={`Move ${e.name} down`}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      id={rowId(e.id, 'remove')}
                      variant="ghost"
                      size="sm"
                      onClick={() => remove(index)}
                    >
                      Remove<span className="sr-only"> {e.name}</span>
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            {listError && (
              <p id="on-call-list-error" className="text-xs font-medium text-destructive">
                {listError}
              </p>
            )}
            <div className="flex flex-wrap items-end gap-2">
              <Field id="on-call-add" label="Add an employee" className="min-w-48">
                <Select
                  id="on-call-add"
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                  disabled={candidates.length === 0}
                >
                  <option value="">
                    {employees.data && candidates.length === 0
                      ? 'Everyone is listed'
                      : 'Choose an employee'}
                  </option>
                  {candidates.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Button variant="outline" disabled={!adding} onClick={add}>
                Add to the rotation
              </Button>
            </div>
          </fieldset>
          <Field id="on-call-this-week" label="On call this week" error={issues.thisWeek}>
            <Select
              id="on-call-this-week"
              className="max-w-xs"
              value={chosenThisWeek}
              disabled={listed.length === 0}
              onChange={(e) => setThisWeek(e.target.value)}
              aria-invalid={Boolean(issues.thisWeek)}
              aria-describedby={describedBy('on-call-this-week', issues.thisWeek)}
            >
              {listed.length === 0 && <option value="">Nobody</option>}
              {listed.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </Select>
          </Field>
        </fieldset>
        {owner && (
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save rotation'}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

/** Who is on call now and in the weeks ahead, as saved. */
function Weeks({ rotation }: { rotation: OnCallRotation }) {
  return (
    <Card className="p-6" role="region" aria-labelledby="on-call-weeks-title">
      <h2 id="on-call-weeks-title" className="text-lg font-semibold">
        Who is on call
      </h2>
      <p className="mt-1 text-sm" data-testid="on-call-now">
        Now:{' '}
        <strong>
          {rotation.now ? rotation.now.name : 'nobody (urgent requests go to the owners)'}
        </strong>
      </p>
      {rotation.weeks.length > 0 && (
        <ul className="mt-3 divide-y divide-border rounded-md border border-border text-sm">
          {rotation.weeks.map((w) => (
            <li key={w.weekOf} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span>Week of {calendarDay(w.weekOf)}</span>
              <span className="font-medium">{w.employee.name}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
