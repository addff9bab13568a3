import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import {
  addEmployee,
  listEmployees,
  removeEmployee,
  updateEmployee,
  type EmployeeUpdateInput,
  type NewEmployeeInput,
} from '../../../contract/employees/employees';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi } from '../../lib/api';

const EMPLOYEES_KEY = [apiUrl(listEmployees)];

export const useEmployees = (enabled: boolean) =>
  useQuery<OutputOf<typeof listEmployees>>({ queryKey: EMPLOYEES_KEY, enabled });

/** After a change: the employee list and the activity log both moved. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: EMPLOYEES_KEY }),
      client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(listActivity.path),
      }),
    ]);
}

export function useAddEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: NewEmployeeInput) => callApi(addEmployee, { body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...patch }: EmployeeUpdateInput & { id: string }) =>
      callApi(updateEmployee, { params: { id }, body: patch }),
    onSuccess: refresh,
  });
}

export function useRemoveEmployee() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi(removeEmployee, { params: { id } }),
    onSuccess: refresh,
  });
}
