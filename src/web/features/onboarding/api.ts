import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteOnboardingFile,
  getClientOnboarding,
  getOnboarding,
  saveOnboardingDraft,
  submitOnboarding,
  uploadOnboardingFile,
  type OnboardingFile,
  type OnboardingFileKind,
  type OnboardingSaveInput,
  type OnboardingView,
} from '../../../contract/onboarding/onboarding';
import { apiUrl, callApi, throwIfNotOk } from '../../lib/api';

export const ONBOARDING_KEY = ['onboarding'];

/** The signed-in client's onboarding. */
export const useOnboarding = () =>
  useQuery({ queryKey: ONBOARDING_KEY, queryFn: () => callApi(getOnboarding) });

/** Saves a draft; the form handles its answers (the version, a conflict) itself. */
export const saveDraft = (input: OnboardingSaveInput) =>
  callApi(saveOnboardingDraft, { body: input });

export function useSubmitOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OnboardingSaveInput) => callApi(submitOnboarding, { body: input }),
    onSuccess: (view) => client.setQueryData(ONBOARDING_KEY, view),
  });
}

/** Sends an image as it is (its own type): the server checks its bytes and re-encodes it. */
export async function uploadFile(file: File, kind: OnboardingFileKind): Promise<OnboardingFile> {
  const response = await fetch(apiUrl(uploadOnboardingFile, { query: { kind } }), {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  await throwIfNotOk(response);
  return (await response.json()) as OnboardingFile;
}

/** Adds an uploaded file to the cached onboarding (a new logo replaces the old one). */
export function useFileChanges() {
  const client = useQueryClient();
  const update = (change: (files: OnboardingFile[]) => OnboardingFile[]) =>
    client.setQueryData<OnboardingView>(ONBOARDING_KEY, (view) =>
      view ? { ...view, files: change(view.files) } : view,
    );
  return {
    added: (file: OnboardingFile) =>
      update((files) => [...files.filter((f) => file.kind !== 'logo' || f.kind !== 'logo'), file]),
    remove: async (fileId: string) => {
      await callApi(deleteOnboardingFile, { params: { fileId } });
      update((files) => files.filter((f) => f.id !== fileId));
    },
  };
}

/** A client's onboarding, for an employee (the Clients dialog). */
export const useClientOnboarding = (clientId: string) =>
  useQuery({
    queryKey: ['client-onboarding', clientId],
    queryFn: () => callApi(getClientOnboarding, { params: { id: clientId } }),
  });
