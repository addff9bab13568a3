import { useQuery } from '@tanstack/react-query';

/** Better Auth's session read answers `null` to a visitor (not an error), so the landing page stays quiet. */
export const useSignedInEmployee = (enabled: boolean) =>
  useQuery<{ user: { id: string } } | null>({ queryKey: ['/api/auth/get-session'], enabled });
