import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listProjectManagers } from '../../../contract/kickoff/kickoff';
import type { OutputOf, QueryOf } from '../../../contract/lib/endpoint';
import {
  acknowledgeSupportRequest,
  addSupportNote,
  assignSupportRequest,
  closeSupportRequest,
  createSavedReply,
  deleteSavedReply,
  dismissUnmatchedMail,
  getOnCall,
  getSupportAttachment,
  getSupportFigures,
  getSupportHours,
  getSupportRequest,
  listSavedReplies,
  listSupportRequests,
  listUnmatchedMail,
  mergeSupportRequest,
  reopenSupportRequest,
  replyToSupportRequest,
  saveOnCall,
  saveSupportHours,
  updateSavedReply,
  uploadTeamSupportAttachment,
  type SupportAttachment,
  type SupportRequestDetail,
  type SupportUrgency,
  type SupportView,
} from '../../../contract/support/support';
import {
  getClientSiteMonitor,
  removeClientSiteMonitor,
  setClientSiteMonitor,
} from '../../../contract/support/uptime';
import { apiUrl, callApi, throwIfNotOk } from '../../lib/api';

/** How often the queue and its figures are read again while open: requests arrive day and night. */
const REFRESH_MS = 60_000;

export interface QueueState {
  view: SupportView;
  urgency: SupportUrgency | '';
  page: number;
}

// The default query function GETs the key as a URL.
export const useSupportQueue = ({ view, urgency, page }: QueueState) =>
  useQuery<OutputOf<typeof listSupportRequests>>({
    queryKey: [
      apiUrl(listSupportRequests, {
        query: {
          view: view === 'open' ? undefined : view,
          urgency: urgency || undefined,
          page: page > 1 ? page : undefined,
          // The server's defaults (open, every urgency, page 1) are left out of the URL.
        } as QueryOf<typeof listSupportRequests>,
      }),
    ],
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

/** The team's employees (the list 'New clients' assigns project managers from), for assignees and on-call. */
export const useEmployeeNames = () =>
  useQuery<OutputOf<typeof listProjectManagers>>({
    queryKey: [apiUrl(listProjectManagers)],
    staleTime: 5 * 60_000,
  });

export const useSupportFigures = () =>
  useQuery<OutputOf<typeof getSupportFigures>>({
    queryKey: [apiUrl(getSupportFigures)],
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });

const requestKey = (id: string) => [apiUrl(getSupportRequest, { params: { id } })];

export const useSupportRequest = (id: string | null) =>
  useQuery<SupportRequestDetail>({
    queryKey: requestKey(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
  });

/** The queue's lists (any view, urgency, page) and the figures, not one request's own key. */
const isQueueKey = (key: unknown) => {
  const text = String(key);
  return (
    text === listSupportRequests.path ||
    text.startsWith(`${listSupportRequests.path}?`) ||
    text === getSupportFigures.path
  );
};

/**
 * A team action on one request: the answer is the whole request, shown at once; the queue (its
 * order, counts and statuses) and the figures are read again.
 */
function useRequestAction<V>(run: (vars: V) => Promise<SupportRequestDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (detail) => {
      client.setQueryData(requestKey(detail.id), detail);
      void client.invalidateQueries({ predicate: (q) => isQueueKey(q.queryKey[0]) });
    },
  });
}

export const useReply = () =>
  useRequestAction(
    ({ id, body, attachments }: { id: string; body: string; attachments: string[] }) =>
      callApi(replyToSupportRequest, { params: { id }, body: { body, attachments } }),
  );
export const useAddNote = () =>
  useRequestAction(({ id, body }: { id: string; body: string }) =>
    callApi(addSupportNote, { params: { id }, body: { body } }),
  );
export const useAssign = () =>
  useRequestAction(({ id, assigneeId }: { id: string; assigneeId: string | null }) =>
    callApi(assignSupportRequest, { params: { id }, body: { assigneeId } }),
  );
export const useAcknowledge = () =>
  useRequestAction(({ id }: { id: string }) =>
    callApi(acknowledgeSupportRequest, { params: { id } }),
  );
export const useCloseRequest = () =>
  useRequestAction(({ id, resolution }: { id: string; resolution: string }) =>
    callApi(closeSupportRequest, { params: { id }, body: { resolution } }),
  );
export const useReopen = () =>
  useRequestAction(({ id }: { id: string }) => callApi(reopenSupportRequest, { params: { id } }));
export const useMerge = () =>
  useRequestAction(({ id, intoNumber }: { id: string; intoNumber: number }) =>
    callApi(mergeSupportRequest, { params: { id }, body: { intoNumber } }),
  );

/** Where the team opens an attachment (their session decides). */
export const attachmentHref = (fileId: string) =>
  apiUrl(getSupportAttachment, { params: { fileId } });

/**
 * Uploads a file for the team's next reply on this request (kept privately until a reply uses it).
 * Sent as it is (its own type): the server checks its first bytes and re-encodes images.
 */
export async function uploadAttachment(requestId: string, file: File): Promise<SupportAttachment> {
  const response = await fetch(
    apiUrl(uploadTeamSupportAttachment, { params: { id: requestId }, query: { name: file.name } }),
    {
      method: 'POST',
      body: file,
      headers: { 'content-type': file.type || 'application/octet-stream' },
      credentials: 'include',
    },
  );
  await throwIfNotOk(response);
  return (await response.json()) as SupportAttachment;
}

// ---- Saved replies ----

const savedRepliesKey = [apiUrl(listSavedReplies)];
export const useSavedReplies = () =>
  useQuery<OutputOf<typeof listSavedReplies>>({ queryKey: savedRepliesKey, staleTime: 0 });

function useSavedReplyChange<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void client.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
export interface SavedReplyValues {
  title: string;
  en: string;
  es: string;
}
export const useCreateSavedReply = () =>
  useSavedReplyChange((body: SavedReplyValues) => callApi(createSavedReply, { body }));
export const useUpdateSavedReply = () =>
  useSavedReplyChange(({ id, ...body }: SavedReplyValues & { id: string }) =>
    callApi(updateSavedReply, { params: { id }, body }),
  );
export const useDeleteSavedReply = () =>
  useSavedReplyChange((id: string) => callApi(deleteSavedReply, { params: { id } }));

// ---- Support hours and on-call ----

const hoursKey = [apiUrl(getSupportHours)];
export const useSupportHours = () =>
  useQuery<OutputOf<typeof getSupportHours>>({ queryKey: hoursKey, staleTime: 0 });
export function useSaveSupportHours() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<OutputOf<typeof getSupportHours>, 'timeZone'>) =>
      callApi(saveSupportHours, { body }),
    onSuccess: (hours) => client.setQueryData(hoursKey, hours),
  });
}

const onCallKey = [apiUrl(getOnCall)];
export const useOnCall = () =>
  useQuery<OutputOf<typeof getOnCall>>({ queryKey: onCallKey, staleTime: 0 });
export function useSaveOnCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { employeeIds: string[]; thisWeek?: string }) =>
      callApi(saveOnCall, { body }),
    onSuccess: (rotation) => client.setQueryData(onCallKey, rotation),
  });
}

// ---- Unmatched inbound e-mail ----

const unmatchedKey = [apiUrl(listUnmatchedMail)];
export const useUnmatchedMail = () =>
  useQuery<OutputOf<typeof listUnmatchedMail>>({ queryKey: unmatchedKey, staleTime: 0 });
export function useDismissUnmatchedMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(dismissUnmatchedMail, { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: unmatchedKey }),
  });
}

// ---- The client's launched website (client record) ----

const siteKey = (clientId: string) => [apiUrl(getClientSiteMonitor, { params: { id: clientId } })];
export const useClientSiteMonitor = (clientId: string) =>
  useQuery<OutputOf<typeof getClientSiteMonitor>>({ queryKey: siteKey(clientId), staleTime: 0 });
export function useSetSiteMonitor(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      callApi(setClientSiteMonitor, { params: { id: clientId }, body: { url } }),
    onSuccess: (answer) => client.setQueryData(siteKey(clientId), answer),
  });
}
export function useRemoveSiteMonitor(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(removeClientSiteMonitor, { params: { id: clientId } }),
    onSuccess: () => client.setQueryData(siteKey(clientId), { site: null }),
  });
}
