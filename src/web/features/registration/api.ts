import { useMutation } from '@tanstack/react-query';
import type { BusinessRegistrationInput } from '../../../contract/registration';
import { submitBusinessRegistration } from '../../../contract/registration-fields';
import { callPath } from '../../lib/api-core';

// The landing page's call: through callPath, so that its first load does not carry apiUrl.
export const useRegisterBusiness = () =>
  useMutation({
    mutationFn: (input: BusinessRegistrationInput) => callPath(submitBusinessRegistration, input),
  });
