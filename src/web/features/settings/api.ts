import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityPage } from '../../../contract/activity';
import type { EmployeeSummary, EmployeeUpdateInput, NewEmployeeInput } from '../../../contract/employees';
import type { PortfolioItem } from '../../../contract/portfolio';
import { sendJson } from '../../lib/api';
import { EMPLOYEE_QUERY_KEY } from '../admin/api';

const EMPLOYEES_KEY = ['/api/employees'];

export const useEmployees = (enabled: boolean) => useQuery<EmployeeSummary[]>({ queryKey: EMPLOYEES_KEY, enabled });

export const useActivity = (page: number) =>
  useQuery<ActivityPage>({ queryKey: [`/api/activity?page=${page}`], placeholderData: keepPreviousData, staleTime: 0 });

export const usePortfolioList = () => useQuery<PortfolioItem[]>({ queryKey: ['/api/portfolio'] });

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

/** Two-factor set-up: the password unlocks a new secret; a code from the app switches it on. */
export function useTwoFactor() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: EMPLOYEE_QUERY_KEY });
  return {
    enable: useMutation({ mutationFn: (password: string) => sendJson<{ totpURI: string; backupCodes: string[] }>('POST', '/api/auth/two-factor/enable', { password }) }),
    confirm: useMutation({ mutationFn: (code: string) => sendJson('POST', '/api/auth/two-factor/verify-totp', { code }), onSuccess: refresh }),
    disable: useMutation({ mutationFn: (password: string) => sendJson('POST', '/api/auth/two-factor/disable', { password }), onSuccess: refresh }),
  };
}
