import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  AdminProject,
  MilestoneUpdateInput,
  NotifyChoice,
  Project,
  SendForReviewInput,
} from '../../../contract/projects/projects.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  projectEvents,
  projectMilestones,
  projects,
  projectSocialMonths,
  projectTracks,
} from '../../db/schema.js';
import { clientError } from '../../http/errors.js';
import { HttpError } from '../../http/errors.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';
import type { ActivityLog } from '../activity/index.js';
import { isPdf, type UploadService } from '../uploads/index.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import { answerMail, stepMail, type ClientFacts, type ProjectStep } from './mails.js';
import { readBoard } from './board.js';
import { syncProjects } from './sync.js';
import { forClient, readProject } from './view.js';

export interface ProjectDeps {
  db: Db;
  timeZone: string;
  mail: MailSettings;
  /** Absolute origin of the links in e-mails. */
  origin: string;
  mailQueued: () => void;
  activity: ActivityLog;
  /**
   * A deliverable that is one of our uploads is checked (and, in a bucket, re-encoded) first;
   * a deliverable file is kept privately through the same service.
   */
  uploads?: Pick<
    UploadService,
    | 'isOwnUploadUrl'
    | 'confirmUpload'
    | 'storePrivateImage'
    | 'storePrivatePdf'
    | 'openPrivate'
    | 'removePrivate'
  >;
  now?: () => Date;
}

type Tx = Db;

const NOT_FOUND = 'This project or milestone does not exist (any more).';
/** A deliverable image is re-encoded to fit this square: enough for a full-page design. */
const DELIVERABLE_IMAGE_SIDE = 4096;

/** A deliverable file's bytes and how to serve it. */
export interface DeliverableFileBody {
  body: Readable;
  contentType: 'image/webp' | 'application/pdf';
  /** The name a download gets (a PDF is always downloaded, an image shown). */
  fileName: string;
}
const ARCHIVED = 'This project is archived (the subscription ended): it cannot change.';

export function createProjectService(deps: ProjectDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const today = () => isoDate(localDate(now(), deps.timeZone));

  /** The milestone with its project and client, locked for the change. */
  async function lockMilestone(tx: Tx, milestoneId: string) {
    if (!UUID.test(milestoneId)) return null;
    const [row] = await tx
      .select({
        milestone: projectMilestones,
        archivedAt: projects.archivedAt,
        dailyDigest: projects.dailyDigest,
        registrationId: projects.registrationId,
        trackRemovedAt: projectTracks.removedAt,
        client: {
          email: businessRegistrations.email,
          ownerName: businessRegistrations.ownerName,
          businessName: businessRegistrations.businessName,
          language: businessRegistrations.language,
        },
      })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .innerJoin(
        projectTracks,
        and(
          eq(projectTracks.projectId, projectMilestones.projectId),
          eq(projectTracks.kind, projectMilestones.track),
        ),
      )
      .innerJoin(businessRegistrations, eq(businessRegistrations.id, projects.registrationId))
      .where(eq(projectMilestones.id, milestoneId))
      .for('update', { of: projectMilestones });
    return row ?? null;
  }
  /** A file we stored: only a finished upload of ours (the uploads feature's check); a link as it is. */
  async function ownFile(url: string): Promise<string> {
    if (deps.uploads?.isOwnUploadUrl(url)) return deps.uploads.confirmUpload(url);
    if (url.startsWith('/')) {
      const message = 'This file is not one of our uploads. Please attach it again.';
      throw new HttpError(422, message, [{ field: 'deliverableUrl', message }]);
    }
    return url;
  }
  type Locked = NonNullable<Awaited<ReturnType<typeof lockMilestone>>>;

  /** Tells the client of employees' steps: e-mailed now, or kept for the daily digest. */
  async function tell(tx: Tx, locked: Locked, steps: ProjectStep[]) {
    const client: ClientFacts = { ...locked.client, language: locked.client.language };
    const at = now();
    for (const step of steps) {
      await tx.insert(projectEvents).values({
        projectId: locked.milestone.projectId,
        milestoneId: locked.milestone.id,
        kind: step.kind,
        detail: step.detail,
        at,
        notifiedAt: locked.dailyDigest ? null : at,
      });
    }
    if (!locked.dailyDigest)
      await enqueueMail(
        tx,
        steps.map((s) => stepMail(deps.mail, deps.origin, client, s)),
      );
  }

  const step = (locked: Locked, kind: ProjectStep['kind'], detail: ProjectStep['detail']) => ({
    kind,
    track: locked.milestone.track,
    stage: locked.milestone.stage,
    detail,
  });

  async function employeeChange(
    milestoneId: string,
    change: (tx: Tx, locked: Locked) => Promise<ProjectStep[]>,
  ): Promise<AdminProject> {
    // A cancellation or plan change not yet seen by a read archives or re-tracks the project first.
    const [owner] = UUID.test(milestoneId)
      ? await db
          .select({ registrationId: projects.registrationId })
          .from(projectMilestones)
          .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
          .where(eq(projectMilestones.id, milestoneId))
      : [];
    if (owner) await syncProjects(db, deps.timeZone, owner.registrationId);
    const projectId = await db.transaction(async (tx) => {
      const locked = await lockMilestone(tx, milestoneId);
      if (!locked) throw new HttpError(404, NOT_FOUND);
      if (locked.archivedAt || locked.trackRemovedAt) throw new HttpError(409, ARCHIVED);
      const steps = await change(tx, locked);
      await tell(tx, locked, steps);
      return locked.milestone.projectId;
    });
    deps.mailQueued();
    return (await readProject(db, { projectId }, today()))!;
  }

  return {
    sync: (registrationId?: string) => syncProjects(db, deps.timeZone, registrationId),

    async forEmployee(projectId: string): Promise<AdminProject> {
      const project = UUID.test(projectId) ? await readProject(db, { projectId }, today()) : null;
      if (!project) throw new HttpError(404, NOT_FOUND);
      await syncProjects(db, deps.timeZone, project.registrationId);
      return (await readProject(db, { projectId }, today()))!;
    },

    /** The client's own project, brought in line with the subscription first (null: never paid). */
    async forClient(registrationId: string): Promise<Project | null> {
      await syncProjects(db, deps.timeZone, registrationId);
      const project = await readProject(db, { registrationId }, today());
      return project && forClient(project);
    },

    async updateMilestone(milestoneId: string, input: MilestoneUpdateInput) {
      if (input.deliverableUrl)
        input = { ...input, deliverableUrl: await ownFile(input.deliverableUrl) };
      return employeeChange(milestoneId, async (tx, locked) => {
        const m = locked.milestone;
        const steps: ProjectStep[] = [];
        const set: Partial<typeof projectMilestones.$inferInsert> = { updatedAt: now() };
        if (input.status !== undefined && input.status !== m.status) {
          set.status = input.status;
          steps.push(step(locked, 'status', { status: input.status }));
        }
        if (input.dueOn !== undefined && input.dueOn !== m.dueOn) {
          set.dueOn = input.dueOn;
          steps.push(step(locked, 'due', { dueOn: input.dueOn }));
        }
        if (input.deliverableUrl !== undefined) set.deliverableUrl = input.deliverableUrl || null;
        if (input.deliverableNote !== undefined)
          set.deliverableNote = input.deliverableNote || null;
        await tx.update(projectMilestones).set(set).where(eq(projectMilestones.id, m.id));
        return steps;
      });
    },

    async sendForReview(milestoneId: string, input: SendForReviewInput) {
      if (input.deliverableUrl)
        input = { ...input, deliverableUrl: await ownFile(input.deliverableUrl) };
      return employeeChange(milestoneId, async (tx, locked) => {
        const m = locked.milestone;
        const url = input.deliverableUrl ?? m.deliverableUrl;
        if (!url && !m.deliverableFileKey) {
          const message = 'Attach a deliverable (a link or a file) before sending it for review.';
          throw new HttpError(422, message, [{ field: 'deliverableUrl', message }]);
        }
        if (m.status === 'done') throw new HttpError(409, 'This milestone is done already.');
        const note =
          input.deliverableNote !== undefined ? input.deliverableNote || null : m.deliverableNote;
        await tx
          .update(projectMilestones)
          .set({
            status: 'in_review',
            deliverableUrl: url,
            deliverableNote: note,
            sentForReviewAt: now(),
            decidedAt: null,
            updatedAt: now(),
          })
          .where(eq(projectMilestones.id, m.id));
        // A file is not e-mailed: the client opens it on their page, signed in.
        return [step(locked, 'sent_for_review', { url, note })];
      });
    },

    /**
     * Attaches a file as the milestone's deliverable (replacing an earlier one): a PDF kept as it
     * is, or an image re-encoded; refusals are 413, 415 or 422 from the uploads feature.
     */
    async attachFile(milestoneId: string, bytes: Buffer) {
      const uploads = deps.uploads;
      if (!uploads) throw new Error('The project service needs the uploads service for files.');
      const [row] = UUID.test(milestoneId)
        ? await db
            .select({ projectId: projectMilestones.projectId })
            .from(projectMilestones)
            .where(eq(projectMilestones.id, milestoneId))
        : [];
      if (!row) throw new HttpError(404, NOT_FOUND);
      const pdf = isPdf(bytes);
      const key = `project/${row.projectId}/${crypto.randomUUID()}.${pdf ? 'pdf' : 'webp'}`;
      const stored = pdf
        ? await uploads.storePrivatePdf(key, bytes)
        : await uploads.storePrivateImage(key, bytes, DELIVERABLE_IMAGE_SIDE);
      const earlier: { key: string | null } = { key: null };
      try {
        const project = await employeeChange(milestoneId, async (tx, locked) => {
          earlier.key = locked.milestone.deliverableFileKey;
          await tx
            .update(projectMilestones)
            .set({
              deliverableFileKey: key,
              deliverableFileType: stored.contentType,
              deliverableFileBytes: stored.bytes,
              updatedAt: now(),
            })
            .where(eq(projectMilestones.id, milestoneId));
          return [];
        });
        if (earlier.key) await uploads.removePrivate(earlier.key).catch(() => undefined);
        return { project, file: { key, ...stored } };
      } catch (error) {
        await uploads.removePrivate(key).catch(() => undefined);
        throw error;
      }
    },

    /** Takes the file off the milestone (the link, if any, stays). */
    async removeFile(milestoneId: string) {
      const removed: { key: string | null } = { key: null };
      const project = await employeeChange(milestoneId, async (tx, locked) => {
        removed.key = locked.milestone.deliverableFileKey;
        // Nothing attached: nothing to change (the milestone keeps its last-changed time).
        if (!removed.key) return [];
        await tx
          .update(projectMilestones)
          .set({
            deliverableFileKey: null,
            deliverableFileType: null,
            deliverableFileBytes: null,
            updatedAt: now(),
          })
          .where(eq(projectMilestones.id, milestoneId));
        return [];
      });
      if (removed.key) await deps.uploads?.removePrivate(removed.key).catch(() => undefined);
      return project;
    },

    /**
     * A milestone's deliverable file, or null when there is none (or the milestone does not
     * exist). With `registrationId` (the client's routes) only a milestone of that client's
     * project is found: another client's is as unknown as a missing one.
     */
    async openFile(
      milestoneId: string,
      registrationId?: string,
    ): Promise<DeliverableFileBody | null> {
      if (!UUID.test(milestoneId) || !deps.uploads) return null;
      const [row] = await db
        .select({
          key: projectMilestones.deliverableFileKey,
          type: projectMilestones.deliverableFileType,
          stage: projectMilestones.stage,
          track: projectMilestones.track,
          registrationId: projects.registrationId,
        })
        .from(projectMilestones)
        .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
        .where(eq(projectMilestones.id, milestoneId));
      if (!row?.key || !row.type) return null;
      if (registrationId !== undefined && row.registrationId !== registrationId) return null;
      const body = await deps.uploads.openPrivate(row.key);
      if (!body) return null;
      const extension = row.type === 'application/pdf' ? 'pdf' : 'webp';
      return { body, contentType: row.type, fileName: `${row.track}-${row.stage}.${extension}` };
    },

    async setSocialMonth(
      projectId: string,
      month: string,
      counts: { planned: number; published: number },
    ) {
      if (!UUID.test(projectId)) throw new HttpError(404, NOT_FOUND);
      const [project] = await db
        .select({ archivedAt: projects.archivedAt, social: projectTracks.kind })
        .from(projects)
        .leftJoin(
          projectTracks,
          and(
            eq(projectTracks.projectId, projects.id),
            eq(projectTracks.kind, 'social'),
            isNull(projectTracks.removedAt),
          ),
        )
        .where(eq(projects.id, projectId));
      if (!project) throw new HttpError(404, NOT_FOUND);
      if (project.archivedAt) throw new HttpError(409, ARCHIVED);
      if (!project.social)
        throw new HttpError(409, "This client's plan has no social media marketing.");
      await db
        .insert(projectSocialMonths)
        .values({ projectId, month, ...counts })
        .onConflictDoUpdate({
          target: [projectSocialMonths.projectId, projectSocialMonths.month],
          set: counts,
        });
      return (await readProject(db, { projectId }, today()))!;
    },

    /** The client's answer to a review: approve (done) or request changes (with a comment). */
    async answerReview(
      registrationId: string,
      milestoneId: string,
      answer: { approved: boolean; comment: string | null },
    ): Promise<Project> {
      await syncProjects(db, deps.timeZone, registrationId);
      const facts = await db.transaction(async (tx) => {
        const locked = await lockMilestone(tx, milestoneId);
        // Another client's milestone is as unknown as one that does not exist.
        if (!locked || locked.registrationId !== registrationId)
          throw clientError(404, 'milestone_not_found');
        if (locked.archivedAt || locked.trackRemovedAt) throw clientError(409, 'project_archived');
        if (locked.milestone.status !== 'in_review') throw clientError(409, 'review_not_waiting');
        const at = now();
        await tx
          .update(projectMilestones)
          .set({
            status: answer.approved ? 'done' : 'changes_requested',
            reviewComment: answer.comment,
            decidedAt: at,
            updatedAt: at,
          })
          .where(eq(projectMilestones.id, milestoneId));
        // The client's own step: in the project's history, never e-mailed back to them.
        await tx.insert(projectEvents).values({
          projectId: locked.milestone.projectId,
          milestoneId,
          kind: answer.approved ? 'approved' : 'changes_requested',
          detail: { comment: answer.comment },
          at,
          notifiedAt: at,
        });
        const client = { ...locked.client, language: locked.client.language };
        await enqueueMail(tx, [
          answerMail(
            deps.mail,
            client,
            locked.milestone.track,
            locked.milestone.stage,
            answer.approved,
            answer.comment,
          ),
        ]);
        return { client, milestone: locked.milestone };
      });
      deps.mailQueued();
      await deps.activity.record({
        actorEmail: facts.client.email,
        action: 'update',
        subject: `project milestone ${facts.milestone.track} ${facts.milestone.stage}`,
        detail: {
          by: 'client',
          milestoneId,
          answer: answer.approved ? 'approved' : 'changes requested',
          comment: answer.comment,
        },
      });
      return forClient((await readProject(db, { registrationId }, today()))!);
    },

    async setNotify(registrationId: string, notify: NotifyChoice): Promise<Project> {
      const updated = await db
        .update(projects)
        .set({ dailyDigest: notify === 'daily' })
        .where(eq(projects.registrationId, registrationId))
        .returning({ id: projects.id });
      if (updated.length === 0) throw clientError(404, 'milestone_not_found');
      return forClient((await readProject(db, { registrationId }, today()))!);
    },

    /** The board: every live project by its website's stage, brought in line first. */
    async board(manager: string | undefined) {
      await syncProjects(db, deps.timeZone);
      return readBoard(db, today(), manager);
    },

    today,
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
