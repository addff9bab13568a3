import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMySupportAttachment,
  getMySupportRequest,
  listMySupportRequests,
  openSupportRequest,
  replyToMySupportRequest,
  uploadSupportAttachment,
  type ClientSupportList,
  type ClientSupportRequest,
  type ClientSupportSummary,
  type NewSupportRequestInput,
  type SupportAttachment,
  type SupportMessageInput,
} from '../../../contract/support/support';
import { getMySiteUptime } from '../../../contract/support/uptime';
import { apiUrl, callApi, throwIfNotOk } from '../../lib/api';

const LIST_KEY = ['account', 'support'];
const requestKey = (id: string) => ['account', 'support', 'request', id];
const UPTIME_KEY = ['account', 'uptime'];

/** The signed-in client's requests, newest first (as the server lists them). */
export const useMySupportRequests = () =>
  useQuery({ queryKey: LIST_KEY, queryFn: () => callApi(listMySupportRequests) });

/** The list's row of a request the server answered whole. */
function summaryOf(request: ClientSupportRequest): ClientSupportSummary {
  const summary: ClientSupportSummary & { messages?: unknown } = { ...request };
  delete summary.messages;
  return summary;
}

/**
 * One request with its whole conversation, read when the client opens it. The team answers while
 * the page is open: each opening reads it again (the app's queries are otherwise never stale), and
 * its row in the list follows (a status 'Answered' since the list was read).
 */
export function useMySupportRequest(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: requestKey(id),
    staleTime: 0,
    queryFn: async () => {
      const request = await callApi(getMySupportRequest, { params: { id } });
      client.setQueryData<ClientSupportList>(LIST_KEY, (list) =>
        list ? { items: list.items.map((r) => (r.id === id ? summaryOf(request) : r)) } : list,
      );
      return request;
    },
  });
}

/**
 * Puts a request the server answered into the cache: its thread, and its row. A new request goes
 * to the top of the list; an answered one keeps its place, so the row the keyboard is in does not
 * move away from under it (a moved element loses focus).
 */
function useKeep(place: 'top' | 'inPlace') {
  const client = useQueryClient();
  return (request: ClientSupportRequest) => {
    client.setQueryData(requestKey(request.id), request);
    client.setQueryData<ClientSupportList>(LIST_KEY, (list) => {
      const items = list?.items ?? [];
      const row = summaryOf(request);
      return place === 'inPlace' && items.some((r) => r.id === request.id)
        ? { items: items.map((r) => (r.id === request.id ? row : r)) }
        : { items: [row, ...items.filter((r) => r.id !== request.id)] };
    });
  };
}

export function useOpenSupportRequest() {
  const keep = useKeep('top');
  return useMutation({
    mutationFn: (body: NewSupportRequestInput) => callApi(openSupportRequest, { body }),
    onSuccess: keep,
  });
}

export function useReplyToSupportRequest(id: string) {
  const keep = useKeep('inPlace');
  return useMutation({
    mutationFn: (body: SupportMessageInput) =>
      callApi(replyToMySupportRequest, { params: { id }, body }),
    onSuccess: keep,
  });
}

/**
 * Sends a file as it is (its own type), named in the query: the server checks its bytes, re-encodes
 * an image and keeps it privately until a message uses it.
 */
export async function uploadAttachment(file: File): Promise<SupportAttachment> {
  const response = await fetch(apiUrl(uploadSupportAttachment, { query: { name: file.name } }), {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  await throwIfNotOk(response);
  return (await response.json()) as SupportAttachment;
}

/** Where the client opens an attachment of their request (their session decides, never a public address). */
export const attachmentHref = (fileId: string) =>
  apiUrl(getMySupportAttachment, { params: { fileId } });

/** The client's launched website and its uptime; `site` is null when none is watched. */
export const useMySiteUptime = () =>
  useQuery({ queryKey: UPTIME_KEY, queryFn: () => callApi(getMySiteUptime) });
