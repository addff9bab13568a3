import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import type { OutputOf, QueryOf } from '../../../contract/lib/endpoint';
import { apiUrl } from '../../lib/api';

export const ACTIVITY_KEY_PREFIX = listActivity.path;

export const useActivity = (query: QueryOf<typeof listActivity>) =>
  useQuery<OutputOf<typeof listActivity>>({
    queryKey: [apiUrl(listActivity, { query })],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
