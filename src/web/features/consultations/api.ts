import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bookConsultation,
  cancelConsultation,
  getAccountConsultation,
  listConsultationSlots,
  rescheduleConsultation,
  type BookingInput,
} from '../../../contract/consultations/consultations';
import { callApi } from '../../lib/api';

const KEY = ['account-consultation'];

/** The client's consultation and the booking settings. */
export function useAccountConsultation() {
  return useQuery({ queryKey: KEY, queryFn: () => callApi(getAccountConsultation) });
}

/** Free times from the client's local day `from` (today when absent), in their zone. */
export function useConsultationSlots(timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'slots', timeZone],
    enabled,
    queryFn: () => callApi(listConsultationSlots, { query: { timeZone, days: 14 } }),
  });
}

/** Books, or moves the booking to, a time; the consultation and the free times are read again. */
export function useBookConsultation(reschedule: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingInput) =>
      callApi(reschedule ? rescheduleConsultation : bookConsultation, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCancelConsultation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(cancelConsultation),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
