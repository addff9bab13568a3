import { useMutation, useQuery } from '@tanstack/react-query';
import { sendJson } from '../../lib/api';

export interface Employee {
  id: string;
  email: string;
  name: string;
  role: string;
}

export const useEmployee = () => useQuery<Employee>({ queryKey: ['/api/auth/user'] });

export const useSignOut = () => useMutation({ mutationFn: () => sendJson('POST', '/api/auth/sign-out', {}) });
