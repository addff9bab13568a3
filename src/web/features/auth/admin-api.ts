import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getCurrentEmployee,
  signOut,
} from '../../../contract/auth/employee-account';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl, callApi } from '../../lib/api';

export const EMPLOYEE_QUERY_KEY = [apiUrl(getCurrentEmployee)];

export const useEmployee = () =>
  useQuery<OutputOf<typeof getCurrentEmployee>>({ queryKey: EMPLOYEE_QUERY_KEY });

export const useSignOut = () => useMutation({ mutationFn: () => callApi(signOut, { body: {} }) });

/** Two-factor set-up: the password unlocks a new secret; a code from the app switches it on. */
export function useTwoFactor() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: EMPLOYEE_QUERY_KEY });
  return {
    enable: useMutation({
      mutationFn: (password: string) => callApi(enableTwoFactor, { body: { password } }),
    }),
    confirm: useMutation({
      mutationFn: (code: string) => callApi(confirmTwoFactor, { body: { code } }),
      onSuccess: refresh,
    }),
    disable: useMutation({
      mutationFn: (password: string) => callApi(disableTwoFactor, { body: { password } }),
      onSuccess: refresh,
    }),
  };
}
