import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listActivity } from '../../../contract/activity/activity';
import { saveFaq, type FaqPayload } from '../../../contract/faq/admin';
import { callApi } from '../../lib/api';
import { FAQ_KEY } from './api';

/** Saves the whole FAQ; the landing page reads the same list. */
export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: FaqPayload) => callApi(saveFaq, { body: payload }),
    onSuccess: (saved) => {
      client.setQueryData(FAQ_KEY, saved);
      void client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(listActivity.path),
      });
    },
  });
}
