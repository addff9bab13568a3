import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { EmployeeSummary } from '../../../contract/employees/employees';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { focusWhenShown, useFocusAfterRemoving } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useEmployees, useRemoveEmployee, useUpdateEmployee } from './api';
import { AddEmployeeForm } from './add-employee-form';

type Pending = { kind: 'disable' | 'remove'; employee: EmployeeSummary } | null;

/** Owners add, promote, grant the billing permission to, disable and remove employees. */
export function EmployeesCard({ selfId }: { selfId: string }) {
  const employees = useEmployees(true);
  const update = useUpdateEmployee();
  const remove = useRemoveEmployee();
  const [adding, setAdding] = useState(false);
  // The form takes the button's place and gives it back: focus follows (to the first field, then the button).
  const showForm = (show: boolean) => {
    setAdding(show);
    focusWhenShown(() => document.getElementById(show ? 'emp-name' : 'employees-add'));
  };
  const [pending, setPending] = useState<Pending>(null);
  const fail = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorMessage(error, 'The change was not saved.'),
      variant: 'destructive',
    });

  // The dialog gives focus back to the button that opened it (components/ui/dialog); a removed
  // employee's row is gone, so then to the next row, else the previous one, else the heading.
  const afterRemove = useFocusAfterRemoving();
  const confirm = () => {
    if (!pending) return;
    const { kind, employee } = pending;
    const done = {
      onSuccess: () => {
        if (kind === 'remove')
          afterRemove.removing(
            document.getElementById(`employee-${employee.id}`),
            document.getElementById('employees-heading'),
          );
        setPending(null);
        toast({
          title: kind === 'remove' ? 'Employee removed' : 'Employee disabled',
          description: employee.email,
        });
      },
      onError: fail,
    };
    if (kind === 'remove') remove.mutate(employee.id, done);
    else update.mutate({ id: employee.id, disabled: true }, done);
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="employees-heading" className="text-lg font-semibold">
          Employees
        </h2>
        {!adding && (
          <Button id="employees-add" size="sm" onClick={() => showForm(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            Add employee
          </Button>
        )}
      </div>
      {adding && <AddEmployeeForm onDone={() => showForm(false)} />}
      {employees.isPending && <Skeleton className="mt-4 h-24 w-full" />}
      {employees.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading employees: {errorMessage(employees.error, 'Unknown error')}
        </p>
      )}
      {employees.data && (
        <ul className="mt-4 divide-y divide-border" aria-label="Employees">
          {employees.data.map((e) => (
            <li
              key={e.id}
              id={`employee-${e.id}`}
              tabIndex={-1}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {e.name}{' '}
                  {e.id === selfId && <span className="text-sm text-muted-foreground">(you)</span>}
                </p>
                <p className="truncate text-sm text-muted-foreground">{e.email}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge variant={e.role === 'owner' ? 'default' : 'outline'}>
                    {e.role === 'owner' ? 'Owner' : 'Staff'}
                  </Badge>
                  {e.role === 'staff' && e.billing && <Badge variant="secondary">Billing</Badge>}
                  {e.disabled && <Badge variant="red">Disabled</Badge>}
                  {e.twoFactorEnabled && <Badge variant="secondary">Two-factor on</Badge>}
                  {e.signInMethods.includes('sso') && (
                    <Badge variant="secondary">Single sign-on</Badge>
                  )}
                </div>
              </div>
              {e.id !== selfId && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { id: e.id, role: e.role === 'owner' ? 'staff' : 'owner' },
                        { onError: fail },
                      )
                    }
                  >
                    {e.role === 'owner' ? `Make ${e.name} staff` : `Make ${e.name} owner`}
                  </Button>
                  {/* Owners always have it; staff get it from an owner (refunds, cancelling for a client, plans). */}
                  {e.role === 'staff' && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate(
                          { id: e.id, billing: !e.billing },
                          {
                            onSuccess: () =>
                              toast({
                                title: e.billing
                                  ? 'Billing permission removed'
                                  : 'Billing permission granted',
                                description: e.email,
                              }),
                            onError: fail,
                          },
                        )
                      }
                    >
                      {e.billing ? `Remove billing from ${e.name}` : `Allow ${e.name} billing`}
                    </Button>
                  )}
                  {e.disabled ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate({ id: e.id, disabled: false }, { onError: fail })
                      }
                    >
                      Enable
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setPending({ kind: 'disable', employee: e })}
                    >
                      Disable
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="red"
                    onClick={() => setPending({ kind: 'remove', employee: e })}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'remove' ? 'Remove this employee?' : 'Disable this employee?'}
        description={
          pending?.kind === 'remove'
            ? `${pending.employee.email} loses access for good; their activity stays in the log.`
            : `${pending?.employee.email ?? ''} is signed out everywhere now and cannot sign in until enabled again.`
        }
        confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Disable'}
        pendingLabel={pending?.kind === 'remove' ? 'Removing...' : 'Disabling...'}
        pending={remove.isPending || update.isPending}
        onConfirm={confirm}
        returnFocus={afterRemove.returnFocus}
      />
    </Card>
  );
}
