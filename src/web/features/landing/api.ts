import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlan } from '../../../contract/plans';
import type { PortfolioItem } from '../../../contract/portfolio';
import type { BusinessRegistrationInput, BusinessRegistrationResult } from '../../../contract/registration';
import { sendJson } from '../../lib/api';

export const usePlans = () => useQuery<SubscriptionPlan[]>({ queryKey: ['/api/subscription-plans'] });

export const usePortfolio = () => useQuery<PortfolioItem[]>({ queryKey: ['/api/portfolio'] });

export const useRegisterBusiness = () =>
  useMutation({
    mutationFn: (input: BusinessRegistrationInput) =>
      sendJson<BusinessRegistrationResult>('POST', '/api/business-registration', input),
  });

/** Better Auth's session read answers `null` to a visitor (not an error), so the landing page stays quiet. */
export const useSignedInEmployee = (enabled: boolean) =>
  useQuery<{ user: { id: string } } | null>({ queryKey: ['/api/auth/get-session'], enabled });
