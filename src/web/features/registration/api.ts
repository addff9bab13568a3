import { useMutation } from '@tanstack/react-query';
import type { BusinessRegistrationInput, BusinessRegistrationResult } from '../../../contract/registration';
import { sendJson } from '../../lib/api';

export const useRegisterBusiness = () =>
  useMutation({
    mutationFn: (input: BusinessRegistrationInput) =>
      sendJson<BusinessRegistrationResult>('POST', '/api/business-registration', input),
  });
