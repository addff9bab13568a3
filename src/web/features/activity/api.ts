import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import type { OutputOf } from '../../../contract/lib/endpoint';
import { apiUrl } from '../../lib/api';

export const ACTIVITY_KEY_PREFIX = listActivity.path;

export const useActivity = (page: number) =>
  useQuery<OutputOf<typeof listActivity>>({
    queryKey: [apiUrl(listActivity, { query: { page } })],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
