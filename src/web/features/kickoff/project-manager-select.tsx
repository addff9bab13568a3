import type { EmployeeRef, NewClient } from '../../../contract/kickoff/kickoff';
import { Select } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { useAssignProjectManager } from './api';

/** The client's project manager: any employee may choose one (or nobody); saved on change. */
export function ProjectManagerSelect({
  client,
  employees,
  assign,
}: {
  client: NewClient;
  employees: EmployeeRef[] | undefined;
  assign: ReturnType<typeof useAssignProjectManager>;
}) {
  const current = client.projectManager;
  // A manager who is no longer in the list (disabled) is still shown as chosen.
  const options =
    current && employees && !employees.some((e) => e.id === current.id)
      ? [current, ...employees]
      : (employees ?? (current ? [current] : []));
  const pending = assign.isPending && assign.variables?.id === client.id;
  return (
    <Select
      aria-label={`Project manager for ${client.businessName}`}
      className="min-w-40"
      value={current?.id ?? ''}
      disabled={pending}
      onChange={(e) => {
        const employeeId = e.target.value || null;
        const name = options.find((o) => o.id === employeeId)?.name;
        assign.mutate(
          { id: client.id, employeeId },
          {
            onSuccess: () =>
              toast({
                title: 'Project manager saved',
                description: name
                  ? `${name} guides ${client.businessName}.`
                  : `${client.businessName} has no project manager now.`,
              }),
            onError: (error) =>
              toast({
                title: 'Not saved',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <option value="">Not assigned</option>
      {options.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name}
        </option>
      ))}
    </Select>
  );
}
