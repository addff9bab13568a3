import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentEmployee } from '../../../contract/employees';
import { sendJson } from '../../lib/api';

export const EMPLOYEE_QUERY_KEY = ['/api/auth/user'];

export const useEmployee = () => useQuery<CurrentEmployee>({ queryKey: EMPLOYEE_QUERY_KEY });

export const useSignOut = () => useMutation({ mutationFn: () => sendJson('POST', '/api/auth/sign-out', {}) });
