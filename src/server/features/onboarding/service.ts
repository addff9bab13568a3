import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  emptyOnboardingAnswers,
  ONBOARDING_LIMITS,
  onboardingAnswersSchema,
  onboardingProblems,
  tidyAnswers,
  type OnboardingAnswers,
  type OnboardingFile,
  type OnboardingFileKind,
  type OnboardingSaved,
  type OnboardingSaveInput,
  type OnboardingView,
} from '../../../contract/onboarding/onboarding.js';
import { WEB_PATHS } from '../../../contract/site/routes.js';
import type { Db } from '../../db/client.js';
import { createProjectManagers } from '../kickoff/index.js';
import { businessRegistrations, onboardingAnswers, onboardingFiles } from '../../db/schema.js';
import type { HttpError } from '../../http/errors.js';
import { clientError } from '../../http/errors.js';
import type { ActivityLog } from '../activity/index.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import type { UploadService } from '../uploads/index.js';
import { onboardingSubmittedMail } from './mail.js';

/** The longest side an onboarding image keeps after re-encoding: enough for a website's hero. */
export const IMAGE_SIDE: Record<OnboardingFileKind, number> = { logo: 1024, photo: 2048 };

type FileRow = typeof onboardingFiles.$inferSelect;
const fileOf = (f: FileRow): OnboardingFile => ({
  id: f.id,
  kind: f.kind,
  contentType: f.contentType,
  bytes: f.bytes,
  width: f.width,
  height: f.height,
  createdAt: f.createdAt.toISOString(),
});
/** One change to a client's files (or their submission) at a time: counts and the logo swap see each other. */
const lockFiles = (tx: Db, registrationId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`onboarding-files:${registrationId}`}))`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A client's onboarding ('Tell us about your business'): the draft saved while they type, with a
 * version so that two tabs cannot overwrite each other unseen; the submission, which tells the
 * team by e-mail and goes into the activity log; the logo and photos, re-encoded by the uploads
 * feature and kept private. Every method takes the client (registration) it acts for: a client
 * reaches only their own, from their session; an employee any (docs/decisions/038).
 */
export function createOnboardingService(deps: {
  db: Db;
  uploads: UploadService;
  activity: ActivityLog;
  mail: MailSettings;
  mailQueued: () => void;
  /** Absolute origin for the link in the team's e-mail. */
  emailOrigin: string;
}) {
  const { db, uploads } = deps;

  async function registrationOf(id: string) {
    if (!UUID.test(id)) return null;
    const [row] = await db
      .select()
      .from(businessRegistrations)
      .where(eq(businessRegistrations.id, id));
    return row ?? null;
  }

  async function files(registrationId: string): Promise<FileRow[]> {
    return db
      .select()
      .from(onboardingFiles)
      .where(eq(onboardingFiles.registrationId, registrationId))
      .orderBy(asc(onboardingFiles.createdAt), asc(onboardingFiles.id));
  }

  /** The onboarding as it stands; before the first save, the registration's details carried over. */
  async function view(registrationId: string): Promise<OnboardingView> {
    const registration = await registrationOf(registrationId);
    if (!registration) throw clientError(404, 'business_not_found');
    const [row] = await db
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.registrationId, registrationId));
    const answers: OnboardingAnswers = row
      ? // Parsed again so that an answer added to the form later reads as its default.
        onboardingAnswersSchema.parse(row.answers)
      : {
          ...emptyOnboardingAnswers(),
          businessName: registration.businessName,
          ownerName: registration.ownerName,
          phone: registration.phone ?? '',
          address: registration.address ?? '',
          description: registration.description ?? '',
          domain: registration.website ? registration.website.replace(/^https?:\/\//, '') : '',
        };
    return {
      status: row?.status ?? 'draft',
      version: row?.version ?? 0,
      answers,
      files: (await files(registrationId)).map(fileOf),
      updatedAt: row?.updatedAt.toISOString() ?? null,
      submittedAt: row?.submittedAt?.toISOString() ?? null,
    };
  }

  /** Why a save from `version` was refused: the answers were sent already, or another tab saved since. */
  async function refusal(tx: Db, registrationId: string): Promise<HttpError> {
    const [row] = await tx
      .select({ status: onboardingAnswers.status })
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.registrationId, registrationId));
    return row?.status === 'submitted'
      ? clientError(409, 'onboarding_submitted')
      : clientError(409, 'onboarding_conflict');
  }

  /**
   * Writes the answers if the stored version is still `version` (0: nothing saved yet) and the
   * onboarding is a draft; answers the new row, or throws 409.
   */
  async function write(
    tx: Db,
    registrationId: string,
    input: { version: number; answers: OnboardingAnswers },
    submit: boolean,
  ) {
    const now = new Date();
    const status = submit ? ('submitted' as const) : ('draft' as const);
    const [row] =
      input.version === 0
        ? await tx
            .insert(onboardingAnswers)
            .values({
              registrationId,
              answers: input.answers,
              version: 1,
              status,
              submittedAt: submit ? now : null,
              updatedAt: now,
            })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(onboardingAnswers)
            .set({
              answers: input.answers,
              version: sql`${onboardingAnswers.version} + 1`,
              status,
              ...(submit ? { submittedAt: now } : {}),
              updatedAt: now,
            })
            .where(
              and(
                eq(onboardingAnswers.registrationId, registrationId),
                eq(onboardingAnswers.version, input.version),
                eq(onboardingAnswers.status, 'draft'),
              ),
            )
            .returning();
    if (!row) throw await refusal(tx, registrationId);
    return row;
  }

  return {
    view,

    /** For an employee: the client's onboarding, 404 when there is no such client. */
    forEmployee: view,

    async save(registrationId: string, input: OnboardingSaveInput): Promise<OnboardingSaved> {
      const answers = onboardingAnswersSchema.parse(input.answers);
      const row = await write(db, registrationId, { version: input.version, answers }, false);
      return { version: row.version, updatedAt: row.updatedAt.toISOString() };
    },

    /**
     * Checks the answers (400 naming every field that stops them), saves them as sent and tells
     * the team, once: a second submit finds the onboarding no longer a draft (409).
     */
    async submit(
      registrationId: string,
      input: OnboardingSaveInput,
      who: { ipAddress: string },
    ): Promise<OnboardingView> {
      const answers = tidyAnswers(onboardingAnswersSchema.parse(input.answers));
      const problems = onboardingProblems(answers);
      if (problems.length > 0)
        throw clientError(
          400,
          'onboarding_incomplete',
          { first: problems[0]!.message, more: problems.length - 1 },
          problems.map((p) => ({
            field: `answers.${p.field}`,
            message: p.message,
            code: p.code,
          })),
        );
      const registration = await registrationOf(registrationId);
      if (!registration) throw clientError(404, 'business_not_found');
      const fileRows = await db.transaction(async (tx) => {
        // After this, no upload slips in unseen: the e-mail names the files there are.
        await lockFiles(tx, registrationId);
        await write(tx, registrationId, { version: input.version, answers }, true);
        const fileRows = await tx
          .select()
          .from(onboardingFiles)
          .where(eq(onboardingFiles.registrationId, registrationId))
          .orderBy(asc(onboardingFiles.createdAt), asc(onboardingFiles.id));
        // To the client's project manager; the team address while none is assigned.
        const manager = await createProjectManagers(tx).projectManagerOf(registrationId);
        await enqueueMail(tx, [
          onboardingSubmittedMail({
            to: manager?.email ?? deps.mail.teamEmail,
            registration,
            answers,
            files: fileRows.map(fileOf),
            clientsUrl: `${deps.emailOrigin}${WEB_PATHS.admin}`,
          }),
        ]);
        return fileRows;
      });
      deps.mailQueued();
      await deps.activity.record({
        actorEmail: registration.email,
        action: 'onboarding.submit',
        subject: `client:${registrationId}`,
        detail: {
          businessName: answers.businessName,
          logo: fileRows.some((f) => f.kind === 'logo'),
          photos: fileRows.filter((f) => f.kind === 'photo').length,
        },
        ipAddress: who.ipAddress,
      });
      return view(registrationId);
    },

    /**
     * A logo or photo from the client: refused once the answers are sent (409) or with
     * ONBOARDING_LIMITS.photos photos already (409); checked and re-encoded by the uploads feature.
     * A new logo replaces the old one.
     */
    async addFile(
      registrationId: string,
      kind: OnboardingFileKind,
      bytes: Buffer,
    ): Promise<OnboardingFile> {
      // Checked before the costly re-encoding, and again under the lock before the row is written.
      const early = await fileRefusal(db, registrationId, kind);
      if (early) throw early;
      const id = crypto.randomUUID();
      const objectKey = `onboarding/${registrationId}/${id}.webp`;
      const stored = await uploads.storePrivateImage(objectKey, bytes, IMAGE_SIDE[kind]);
      try {
        const { row, replaced } = await db.transaction(async (tx) => {
          await lockFiles(tx, registrationId);
          const refused = await fileRefusal(tx, registrationId, kind);
          if (refused) throw refused;
          const replaced =
            kind === 'logo'
              ? await tx
                  .delete(onboardingFiles)
                  .where(
                    and(
                      eq(onboardingFiles.registrationId, registrationId),
                      eq(onboardingFiles.kind, 'logo'),
                    ),
                  )
                  .returning()
              : [];
          const [row] = await tx
            .insert(onboardingFiles)
            .values({ id, registrationId, kind, objectKey, ...stored })
            .returning();
          return { row: row!, replaced };
        });
        for (const f of replaced) await uploads.removePrivate(f.objectKey);
        return fileOf(row);
      } catch (error) {
        await uploads.removePrivate(objectKey).catch(() => undefined);
        throw error;
      }
    },

    async removeFile(registrationId: string, fileId: string): Promise<void> {
      if (!UUID.test(fileId)) throw clientError(404, 'onboarding_file_not_found');
      const [row] = await db.transaction(async (tx) => {
        await lockFiles(tx, registrationId);
        if ((await statusOf(tx, registrationId)) === 'submitted')
          throw clientError(409, 'onboarding_submitted');
        return tx
          .delete(onboardingFiles)
          .where(
            and(eq(onboardingFiles.id, fileId), eq(onboardingFiles.registrationId, registrationId)),
          )
          .returning();
      });
      if (!row) throw clientError(404, 'onboarding_file_not_found');
      await uploads.removePrivate(row.objectKey);
    },

    /** One of this client's images, or null (another client's file is as unknown as a made-up one). */
    async openFile(registrationId: string, fileId: string): Promise<Readable | null> {
      const row = await fileRow(registrationId, fileId);
      return row ? uploads.openPrivate(row.objectKey) : null;
    },
  };

  async function fileRow(registrationId: string, fileId: string) {
    if (!UUID.test(fileId) || !UUID.test(registrationId)) return null;
    const [row] = await db
      .select()
      .from(onboardingFiles)
      .where(
        and(eq(onboardingFiles.id, fileId), eq(onboardingFiles.registrationId, registrationId)),
      );
    return row ?? null;
  }

  async function statusOf(tx: Db, registrationId: string) {
    const [row] = await tx
      .select({ status: onboardingAnswers.status })
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.registrationId, registrationId));
    return row?.status ?? 'draft';
  }

  /** Why no file may be added now: the answers were sent, or the photos are all there. */
  async function fileRefusal(tx: Db, registrationId: string, kind: OnboardingFileKind) {
    if ((await statusOf(tx, registrationId)) === 'submitted')
      return clientError(409, 'onboarding_submitted');
    if (kind !== 'photo') return null;
    const [n] = await tx
      .select({ n: count() })
      .from(onboardingFiles)
      .where(
        and(eq(onboardingFiles.registrationId, registrationId), eq(onboardingFiles.kind, 'photo')),
      );
    return n!.n >= ONBOARDING_LIMITS.photos
      ? clientError(409, 'onboarding_too_many_photos', { max: ONBOARDING_LIMITS.photos })
      : null;
  }
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
