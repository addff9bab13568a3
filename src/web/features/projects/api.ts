import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  approveMilestone,
  getClientDeliverableFile,
  getClientProject,
  getDeliverableFile,
  getProject,
  getProjectBoard,
  removeDeliverableFile,
  requestMilestoneChanges,
  sendMilestoneForReview,
  setProjectNotify,
  updateMilestone,
  updateSocialMonth,
  uploadDeliverableFile,
  type AdminProject,
  type MilestoneUpdateInput,
  type NotifyChoice,
  type Project,
  type SendForReviewInput,
} from '../../../contract/projects/projects';
import { ApiError, apiUrl, callApi, throwIfNotOk } from '../../lib/api';
import { loadMessages, pageLocale } from '../../lib/i18n';

const CLIENT_KEY = ['account', 'project'];

/** The project catalog of the page's language, fetched on first use: true once it is in. */
export function useProjectWords(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadMessages(pageLocale, 'project').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** The signed-in client's project; null before the first payment (and when signed out). */
export function useClientProject() {
  return useQuery({
    queryKey: CLIENT_KEY,
    queryFn: async (): Promise<Project | null> => {
      try {
        return (await callApi(getClientProject)).project;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

/** The client's answers and choice: each answers the whole project, shown at once. */
export function useClientProjectAction<I>(call: (input: I) => Promise<{ project: Project }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ project }) => client.setQueryData(CLIENT_KEY, project),
  });
}
export const approve = (input: { id: string; comment: string }) =>
  callApi(approveMilestone, { params: { id: input.id }, body: { comment: input.comment || null } });
export const requestChanges = (input: { id: string; comment: string }) =>
  callApi(requestMilestoneChanges, { params: { id: input.id }, body: { comment: input.comment } });
export const setNotify = (notify: NotifyChoice) => callApi(setProjectNotify, { body: { notify } });
/** Where the client opens a deliverable file of their project (their session decides). */
export const clientFileHref = (milestoneId: string) =>
  apiUrl(getClientDeliverableFile, { params: { id: milestoneId } });

// The admin area's side. Clients answer reviews and pay while the team works: the board and a
// project are read again each time they are shown (the app's queries are otherwise never stale).
const BOARD_KEY = ['projects', 'board'];
export function useProjectBoard(manager: string) {
  return useQuery({
    queryKey: [...BOARD_KEY, manager],
    staleTime: 0,
    queryFn: () => callApi(getProjectBoard, { query: manager ? { manager } : {} }),
  });
}
export function useAdminProject(id: string | null) {
  return useQuery({
    queryKey: ['projects', 'project', id],
    enabled: id !== null,
    staleTime: 0,
    queryFn: () => callApi(getProject, { params: { id: id! } }),
  });
}

/** An employee's change: the answer is the whole project; the board is read again. */
export function useProjectChange<I>(call: (input: I) => Promise<AdminProject>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (project) => {
      client.setQueryData(['projects', 'project', project.id], project);
      void client.invalidateQueries({ queryKey: BOARD_KEY });
    },
  });
}
export const moveMilestone = (input: { id: string } & MilestoneUpdateInput) => {
  const { id, ...body } = input;
  return callApi(updateMilestone, { params: { id }, body });
};
export const sendForReview = (input: { id: string } & SendForReviewInput) => {
  const { id, ...body } = input;
  return callApi(sendMilestoneForReview, { params: { id }, body });
};
export const saveSocialMonth = (input: {
  id: string;
  month: string;
  planned: number;
  published: number;
}) =>
  callApi(updateSocialMonth, {
    params: { id: input.id, month: input.month },
    body: { planned: input.planned, published: input.published },
  });

/** Where the team opens a milestone's deliverable file. */
export const adminFileHref = (milestoneId: string) =>
  apiUrl(getDeliverableFile, { params: { id: milestoneId } });
/** Sends the file as it is (its own type): the server decides by its first bytes what it is. */
export async function attachDeliverableFile(input: { id: string; file: File }) {
  const response = await fetch(apiUrl(uploadDeliverableFile, { params: { id: input.id } }), {
    method: 'POST',
    body: input.file,
    headers: { 'content-type': input.file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  await throwIfNotOk(response);
  return (await response.json()) as AdminProject;
}
export const detachDeliverableFile = (input: { id: string }) =>
  callApi(removeDeliverableFile, { params: { id: input.id } });
