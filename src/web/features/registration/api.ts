import { useState } from 'react';
import type { BusinessRegistrationInput } from '../../../contract/registration/registration';
import {
  submitBusinessRegistration,
  type RegistrationAnswer,
} from '../../../contract/registration/fields';
import { callPath } from '../../lib/api-core';

/**
 * The landing page's one write, as a plain request with a pending flag: TanStack's mutation
 * machinery would add 0.5 KB to the landing page's first load (docs/decisions/015), and this
 * call needs none of it (no retries, no cache to update). Through callPath, so that its first
 * load does not carry apiUrl either.
 */
export function useRegisterBusiness() {
  const [isPending, setPending] = useState(false);
  const mutate = (
    input: BusinessRegistrationInput,
    on: { onSuccess(result: RegistrationAnswer): void; onError(error: unknown): void },
  ) => {
    setPending(true);
    void callPath(submitBusinessRegistration, input)
      .then(on.onSuccess, on.onError)
      .finally(() => setPending(false));
  };
  return { isPending, mutate };
}
