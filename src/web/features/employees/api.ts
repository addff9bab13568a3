import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmployeeSummary, EmployeeUpdateInput, NewEmployeeInput } from '../../../contract/employees';
import { sendJson } from '../../lib/api';

const EMPLOYEES_KEY = ['/api/employees'];

export const useEmployees = (enabled: boolean) => useQuery<EmployeeSummary[]>({ queryKey: EMPLOYEES_KEY, enabled });

/** After a change: the employee list and the activity log both moved. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: EMPLOYEES_KEY }), client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/activity') })]);
}

export function useAddEmployee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: NewEmployeeInput) => sendJson<{ id: string }>('POST', '/api/employees', input), onSuccess: refresh });
}

export function useUpdateEmployee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, ...patch }: EmployeeUpdateInput & { id: string }) => sendJson('PATCH', `/api/employees/${id}`, patch), onSuccess: refresh });
}

export function useRemoveEmployee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => sendJson('DELETE', `/api/employees/${id}`), onSuccess: refresh });
}
