import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityPage } from '../../../contract/activity';

export const ACTIVITY_KEY_PREFIX = '/api/activity';

export const useActivity = (page: number) =>
  useQuery<ActivityPage>({ queryKey: [`${ACTIVITY_KEY_PREFIX}?page=${page}`], placeholderData: keepPreviousData, staleTime: 0 });
