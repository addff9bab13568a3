import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentEmployee } from '../../../contract/employees';
import { sendJson } from '../../lib/api';

export const EMPLOYEE_QUERY_KEY = ['/api/auth/user'];

export const useEmployee = () => useQuery<CurrentEmployee>({ queryKey: EMPLOYEE_QUERY_KEY });

export const useSignOut = () => useMutation({ mutationFn: () => sendJson('POST', '/api/auth/sign-out', {}) });

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
