import { useQuery } from '@tanstack/react-query';
import { getSession } from '../../../contract/auth/auth';
import type { OutputOf } from '../../../contract/lib/endpoint';

/** Better Auth's session read answers `null` to a visitor (not an error), so the landing page stays quiet. */
export const useSignedInEmployee = (enabled: boolean) =>
  useQuery<OutputOf<typeof getSession>>({ queryKey: [getSession.path], enabled });
