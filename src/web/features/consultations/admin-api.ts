import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getClientConsultation,
  getMyAvailability,
  saveConsultationSettings,
  saveMyAvailability,
  type AvailabilityInput,
  type ConsultationSettings,
} from '../../../contract/consultations/consultations';
import { callApi } from '../../lib/api';

const KEY = ['my-availability'];

export function useMyAvailability() {
  return useQuery({ queryKey: KEY, queryFn: () => callApi(getMyAvailability) });
}

export function useSaveAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityInput) => callApi(saveMyAvailability, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

export function useSaveConsultationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsultationSettings) => callApi(saveConsultationSettings, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

export function useClientConsultation(clientId: string) {
  return useQuery({
    queryKey: ['client-consultation', clientId],
    queryFn: () => callApi(getClientConsultation, { params: { id: clientId } }),
  });
}
