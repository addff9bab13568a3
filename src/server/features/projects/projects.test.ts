import { and, desc, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  approveMilestone,
  getClientProject,
  getProject,
  getProjectBoard,
  requestMilestoneChanges,
  sendMilestoneForReview,
  setProjectNotify,
  updateMilestone,
  updateSocialMonth,
  type AdminProject,
  type Project,
  type ProjectBoard,
} from '../../../contract/projects/projects.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import {
  activityLog,
  businessRegistrations,
  outboxMessages,
  projects,
  projectTracks,
  subscriptionPlans,
  subscriptions,
  user,
} from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, billingFor, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { addDays, localDate, startOfLocalDay } from '../../lib/zoned-time.js';
import { createProjectManagers } from '../kickoff/index.js';
import { PROJECT_DIGEST_HOUR, sendProjectDigests } from './digest.js';

describe.each(TEST_DATABASES)("the client's project on %s", (kind) => {
  const ctx = appUnderTest(kind, {
    role: 'owner',
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
    accountRateLimit: 10_000,
  });
  const db = () => ctx.testDb.database.db;
  beforeEach(async () => {
    await billingFor(ctx).clock.reset();
  });

  const admin = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie: ctx.cookie } });
  const client = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie } });

  /** A client who paid, signed in to /account, with their project as they see it. */
  async function payingClient(plan = 'growing', language: 'en' | 'es' = 'en') {
    const paid = await paidRegistration(ctx, plan, undefined, {
      businessName: `Bakery ${Math.random().toString(36).slice(2, 7)}`,
      language,
    });
    const cookie = await accountCookie(ctx, paid.email);
    const seen = await client(cookie, 'GET', apiPath(getClientProject));
    expect(seen.statusCode).toBe(200);
    const project = seen.json<{ project: Project }>().project;
    const milestone = (track: string, stage: string) =>
      project.milestoneTracks
        .find((t) => t.kind === track)!
        .milestones.find((m) => m.stage === stage)!;
    return { ...paid, cookie, project, milestone };
  }
  const mailsTo = (to: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, to))
      .orderBy(desc(outboxMessages.createdAt));

  it('is made when a client first pays, with the plan’s services as tracks and dated milestones', async () => {
    // A registration that never paid has none.
    const registered = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: {
        businessName: 'Unpaid Shop',
        ownerName: 'Pat Example',
        email: 'unpaid@example.com',
        businessType: 'Retail Store',
        subscriptionPlan: 'growing',
      },
    });
    expect(registered.statusCode).toBe(201);

    const { project, registrationId } = await payingClient('growing');
    expect(project.tracks).toEqual(['website', 'commercial-1', 'commercial-2', 'social']);
    expect(project.archived).toBe(false);
    expect(project.planName).toBe('Growing');
    const website = project.milestoneTracks.find((t) => t.kind === 'website')!;
    expect(website.milestones.map((m) => m.stage)).toEqual([
      'discovery',
      'design',
      'build',
      'review',
      'launch',
    ]);
    expect(website.milestones.every((m) => m.status === 'todo' && m.dueOn! > project.today)).toBe(
      true,
    );
    expect(
      project.milestoneTracks
        .find((t) => t.kind === 'commercial-2')!
        .milestones.map((m) => m.stage),
    ).toEqual(['script', 'production', 'review', 'delivered']);
    expect(project.social).toHaveLength(3);
    expect(project.social![0]).toMatchObject({ planned: 12, published: 0 });

    const rows = await db()
      .select({ registrationId: projects.registrationId })
      .from(projects)
      .innerJoin(businessRegistrations, eq(businessRegistrations.id, projects.registrationId));
    expect(rows.map((r) => r.registrationId)).toContain(registrationId);
    const [unpaid] = await db()
      .select()
      .from(projects)
      .innerJoin(businessRegistrations, eq(businessRegistrations.id, projects.registrationId))
      .where(eq(businessRegistrations.email, 'unpaid@example.com'));
    expect(unpaid).toBeUndefined();

    // The board shows it in its website's first stage.
    const board = (await admin('GET', apiPath(getProjectBoard))).json<ProjectBoard>();
    const discovery = board.columns.find((c) => c.id === 'discovery')!;
    expect(discovery.cards.map((c) => c.projectId)).toContain(project.id);
  });

  it('answers 401 to a visitor and to a signed-out employee', async () => {
    expect((await ctx.app.inject({ url: apiPath(getClientProject) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: apiPath(getProjectBoard) })).statusCode).toBe(401);
  });

  it('lets an employee move a milestone, e-mails each step and logs it', async () => {
    const { milestone, email } = await payingClient();
    const discovery = milestone('website', 'discovery');
    const moved = await admin('PATCH', apiPath(updateMilestone, { id: discovery.id }), {
      status: 'in_progress',
      dueOn: '2030-01-15',
    });
    expect(moved.statusCode).toBe(200);
    const after = moved.json<AdminProject>().milestoneTracks[0]!.milestones[0]!;
    expect(after).toMatchObject({ status: 'in_progress', dueOn: '2030-01-15', overdue: false });
    const mails = await mailsTo(email);
    const updates = mails.filter((m) => m.kind === 'project_update');
    expect(updates).toHaveLength(2);
    expect(updates.map((m) => m.body).join('\n')).toContain(
      'Website – Discovery is now: in progress.',
    );
    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.subject, 'project milestone'))
      .orderBy(desc(activityLog.at));
    expect(logged).toMatchObject({
      action: 'update',
      detail: expect.objectContaining({ status: 'in_progress' }),
    });

    // Overdue: an open milestone past its date is marked, on the board too.
    await admin('PATCH', apiPath(updateMilestone, { id: discovery.id }), { dueOn: '2020-01-15' });
    const project = (
      await admin('GET', apiPath(getProject, { id: moved.json<AdminProject>().id }))
    ).json<AdminProject>();
    expect(project.milestoneTracks[0]!.milestones[0]!.overdue).toBe(true);
    const board = (await admin('GET', apiPath(getProjectBoard))).json<ProjectBoard>();
    const card = board.columns.flatMap((c) => c.cards).find((c) => c.projectId === project.id)!;
    expect(card.overdue).toBe(1);
  });

  it('refuses bad input with a 400 naming the field, and unknown milestones with a 404', async () => {
    const { milestone, cookie } = await payingClient();
    const id = milestone('website', 'design').id;
    const bad = async (payload: object, field: string) => {
      const res = await admin('PATCH', apiPath(updateMilestone, { id }), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ issues: { field: string }[] }>().issues.map((i) => i.field)).toContain(
        field,
      );
    };
    await bad({ status: 'in_review' }, 'status');
    await bad({ dueOn: '2026-02-30' }, 'dueOn');
    await bad({ deliverableUrl: 'javascript:alert(1)' }, 'deliverableUrl');
    await bad({}, 'body');
    expect(
      (await admin('PATCH', apiPath(updateMilestone, { id: 'not-an-id' }), { status: 'done' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await admin(
          'PATCH',
          apiPath(updateMilestone, { id: '00000000-0000-4000-8000-000000000000' }),
          {
            status: 'done',
          },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await admin('PUT', apiPath(updateSocialMonth, { id: 'x', month: '2026-13' }), {
          planned: 1,
          published: 0,
        })
      ).statusCode,
    ).toBe(400);
    // The client's side: a comment is needed to request changes.
    const noComment = await client(cookie, 'POST', apiPath(requestMilestoneChanges, { id }), {
      comment: '  ',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json()).toMatchObject({
      code: 'validation',
      issues: [{ field: 'comment', code: 'field_required' }],
    });
    const notify = await client(cookie, 'PUT', apiPath(setProjectNotify), { notify: 'weekly' });
    expect(notify.statusCode).toBe(400);
  });

  it('sends a deliverable for review; the client requests changes, it is re-sent and approved', async () => {
    const { milestone, cookie, email } = await payingClient();
    const design = milestone('website', 'design');
    const url = apiPath(sendMilestoneForReview, { id: design.id });
    // Nothing attached yet: nothing to review.
    const empty = await admin('POST', url, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe('deliverableUrl');
    // A file must be one of our finished uploads.
    const notOurs = await admin('POST', url, { deliverableUrl: '/uploads/app-logo/nothing.webp' });
    expect(notOurs.statusCode).toBe(422);
    expect(notOurs.json<{ issues: { field: string }[] }>().issues[0]!.field).toBe('deliverableUrl');
    // Not waiting for review: the client cannot answer yet.
    const early = await client(cookie, 'POST', apiPath(approveMilestone, { id: design.id }), {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'review_not_waiting' });

    const sent = await admin('POST', url, {
      deliverableUrl: 'https://figma.example/design-v1',
      deliverableNote: 'Two home page options',
    });
    expect(sent.statusCode).toBe(200);
    const review = (await mailsTo(email)).find((m) => m.kind === 'project_review')!;
    expect(review.subject).toBe('Ready for your review: Website – Design');
    expect(review.body).toContain('https://figma.example/design-v1');
    expect(review.body).toContain('/account');

    const changes = await client(
      cookie,
      'POST',
      apiPath(requestMilestoneChanges, { id: design.id }),
      {
        comment: 'Bigger logo, please',
      },
    );
    expect(changes.statusCode).toBe(200);
    const changed = changes.json<{ project: Project }>().project.milestoneTracks[0]!.milestones[1]!;
    expect(changed).toMatchObject({
      status: 'changes_requested',
      reviewComment: 'Bigger logo, please',
    });
    const team = await mailsTo(ctx.config.mail.teamEmail);
    expect(team.find((m) => m.kind === 'team_project_changes')!.body).toContain(
      'Bigger logo, please',
    );
    const [byClient] = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.actorEmail, email), like(activityLog.subject, 'project milestone%')),
      );
    expect(byClient!.detail).toMatchObject({
      answer: 'changes requested',
      comment: 'Bigger logo, please',
    });

    expect(
      (await admin('POST', url, { deliverableUrl: 'https://figma.example/design-v2' })).statusCode,
    ).toBe(200);
    const approved = await client(cookie, 'POST', apiPath(approveMilestone, { id: design.id }), {
      comment: 'Perfect',
    });
    expect(approved.statusCode).toBe(200);
    const done = approved.json<{ project: Project }>().project.milestoneTracks[0]!.milestones[1]!;
    expect(done).toMatchObject({
      status: 'done',
      deliverableUrl: 'https://figma.example/design-v2',
    });
    // Answered once: a second answer finds nothing waiting.
    const again = await client(cookie, 'POST', apiPath(approveMilestone, { id: design.id }), {});
    expect(again.statusCode).toBe(409);
  });

  it('keeps each client to their own project', async () => {
    const a = await payingClient();
    const b = await payingClient();
    expect(b.project.id).not.toBe(a.project.id);
    const design = a.milestone('website', 'design');
    await admin('POST', apiPath(sendMilestoneForReview, { id: design.id }), {
      deliverableUrl: 'https://figma.example/a',
    });
    for (const answer of [approveMilestone, requestMilestoneChanges]) {
      const res = await client(b.cookie, 'POST', apiPath(answer, { id: design.id }), {
        comment: 'Not mine',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'milestone_not_found' });
    }
    const seenByB = (await client(b.cookie, 'GET', apiPath(getClientProject))).json<{
      project: Project;
    }>();
    expect(JSON.stringify(seenByB)).not.toContain(design.id);
  });

  it('e-mails a Spanish client in Spanish', async () => {
    const { milestone, email } = await payingClient('growing', 'es');
    await admin(
      'POST',
      apiPath(sendMilestoneForReview, { id: milestone('website', 'design').id }),
      {
        deliverableUrl: 'https://figma.example/es',
      },
    );
    const review = (await mailsTo(email)).find((m) => m.kind === 'project_review')!;
    expect(review.subject).toBe('Listo para su revisión: Sitio web – Diseño');
    expect(review.body).toContain('/es/account');
  });

  it('changes the tracks when the plan is upgraded', async () => {
    // A plan with only a website and support (the demo plans have every service).
    await db()
      .update(subscriptionPlans)
      .set({ features: ['Website Development', '24/7 Tech Support'] })
      .where(eq(subscriptionPlans.name, 'essential'));
    try {
      const { project, registrationId, planIds, cookie } = await payingClient('essential');
      expect(project.tracks).toEqual(['website']);
      expect(project.social).toBeNull();
      await billingFor(ctx).changePlan(registrationId, planIds.growing!);
      const upgraded = (await client(cookie, 'GET', apiPath(getClientProject))).json<{
        project: Project;
      }>().project;
      expect(upgraded.id).toBe(project.id);
      expect(upgraded.tracks).toEqual(['website', 'commercial-1', 'commercial-2', 'social']);
      expect(upgraded.planName).toBe('Growing');

      // Back on the smaller plan (a downgrade takes effect at the renewal): the tracks it lacks are
      // set aside, not deleted; on the bigger plan again they come back with their work.
      const script = upgraded.milestoneTracks.find((t) => t.kind === 'commercial-1')!
        .milestones[0]!;
      await admin('PATCH', apiPath(updateMilestone, { id: script.id }), { status: 'in_progress' });
      await db()
        .update(subscriptions)
        .set({ planId: planIds.essential! })
        .where(eq(subscriptions.registrationId, registrationId));
      const smaller = (await client(cookie, 'GET', apiPath(getClientProject))).json<{
        project: Project;
      }>().project;
      expect(smaller.tracks).toEqual(['website']);
      expect(JSON.stringify(smaller)).not.toContain(script.id);
      const kept = await db()
        .select()
        .from(projectTracks)
        .where(eq(projectTracks.projectId, project.id));
      expect(
        kept
          .filter((t) => t.removedAt !== null)
          .map((t) => t.kind)
          .sort(),
      ).toEqual(['commercial-1', 'commercial-2', 'social']);
      await db()
        .update(subscriptions)
        .set({ planId: planIds.growing! })
        .where(eq(subscriptions.registrationId, registrationId));
      const again = (await client(cookie, 'GET', apiPath(getClientProject))).json<{
        project: Project;
      }>().project;
      expect(again.tracks).toEqual(['website', 'commercial-1', 'commercial-2', 'social']);
      expect(
        again.milestoneTracks.find((t) => t.kind === 'commercial-1')!.milestones[0],
      ).toMatchObject({ id: script.id, status: 'in_progress' });
    } finally {
      await db()
        .update(subscriptionPlans)
        .set({
          features: [
            'Website Development',
            '2 AI Generated Commercials',
            'Social Media Marketing',
            '24/7 Tech Support',
          ],
        })
        .where(eq(subscriptionPlans.name, 'essential'));
    }
  });

  it('archives a cancelled client’s project and keeps it', async () => {
    const { project, registrationId, cookie, milestone } = await payingClient();
    const design = milestone('website', 'design');
    await admin('POST', apiPath(sendMilestoneForReview, { id: design.id }), {
      deliverableUrl: 'https://figma.example/x',
    });
    const billing = billingFor(ctx);
    await billing.cancel(registrationId, undefined, 'client');
    await billing.clock.advance(32);
    // Refused even before anyone has read the project since the cancellation.
    const answer = await client(cookie, 'POST', apiPath(approveMilestone, { id: design.id }), {});
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'project_archived' });
    expect(
      (await admin('PATCH', apiPath(updateMilestone, { id: design.id }), { status: 'done' }))
        .statusCode,
    ).toBe(409);
    const seen = (await client(cookie, 'GET', apiPath(getClientProject))).json<{
      project: Project;
    }>().project;
    expect(seen).toMatchObject({ id: project.id, archived: true });
    expect(seen.milestoneTracks[0]!.milestones).toHaveLength(5);
    const board = (await admin('GET', apiPath(getProjectBoard))).json<ProjectBoard>();
    expect(board.columns.flatMap((c) => c.cards).map((c) => c.projectId)).not.toContain(project.id);
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
  });

  it('filters the board by the project manager kickoff names, and shows it on the card', async () => {
    const managed = await payingClient();
    const unmanaged = await payingClient();
    const pm = await signedInEmployee(ctx.app, db(), 'staff', 'Pat Manager');
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, pm.email));
    const pmId = row!.id;
    expect(
      await createProjectManagers(db()).assignProjectManagerIfNone(managed.registrationId, pmId),
    ).toBe(true);

    const board = async (manager: string) => {
      const res = await admin('GET', apiPath(getProjectBoard, {}, { manager }));
      expect(res.statusCode).toBe(200);
      return res.json<ProjectBoard>();
    };
    const cards = (b: ProjectBoard) => b.columns.flatMap((c) => c.cards);
    const ids = (b: ProjectBoard) => cards(b).map((c) => c.projectId);

    const theirs = await board(pmId);
    expect(ids(theirs)).toContain(managed.project.id);
    expect(ids(theirs)).not.toContain(unmanaged.project.id);
    expect(cards(theirs).find((c) => c.projectId === managed.project.id)).toMatchObject({
      managerId: pmId,
      managerName: 'Pat Manager',
    });
    expect(theirs.managers).toContainEqual({ id: pmId, name: 'Pat Manager' });

    const nobodys = await board('none');
    expect(ids(nobodys)).toContain(unmanaged.project.id);
    expect(ids(nobodys)).not.toContain(managed.project.id);
    expect(cards(nobodys).find((c) => c.projectId === unmanaged.project.id)).toMatchObject({
      managerId: null,
      managerName: null,
    });

    // An employee who manages nothing: an empty board, not an error.
    expect(ids(await board('employee-1'))).toEqual([]);
  });

  it('collects the steps in one daily digest, sent once with two instances', async () => {
    const { milestone, cookie, email } = await payingClient();
    const daily = await client(cookie, 'PUT', apiPath(setProjectNotify), { notify: 'daily' });
    expect(daily.json<{ project: Project }>().project.notify).toBe('daily');
    const build = milestone('website', 'build');
    await admin('PATCH', apiPath(updateMilestone, { id: build.id }), { status: 'in_progress' });
    await admin('POST', apiPath(sendMilestoneForReview, { id: build.id }), {
      deliverableUrl: 'https://staging.example/build',
    });
    expect((await mailsTo(email)).filter((m) => m.kind.startsWith('project_'))).toEqual([]);

    const tz = ctx.config.timeZone;
    const at = (hour: number, days = 1) =>
      new Date(
        startOfLocalDay(addDays(localDate(new Date(), tz), days), tz).getTime() + hour * 3600_000,
      );
    const options = {
      db: db(),
      timeZone: tz,
      mail: {
        siteName: 'Test Site',
        supportEmail: 'support@example.com',
        teamEmail: 'team@example.com',
      },
      origin: 'http://localhost:5000',
    };
    expect(await sendProjectDigests(options, at(PROJECT_DIGEST_HOUR - 1))).toBe(0);
    // Two instances' runs at once: one digest.
    const sent = await Promise.all([
      sendProjectDigests(options, at(PROJECT_DIGEST_HOUR)),
      sendProjectDigests(options, at(PROJECT_DIGEST_HOUR)),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const digests = (await mailsTo(email)).filter((m) => m.kind === 'project_digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe('2 updates on your project');
    expect(digests[0]!.body).toContain('Website – Build is ready for your review.');
    expect(digests[0]!.body).toContain('https://staging.example/build');
    // Nothing new: no digest the next day either.
    expect(await sendProjectDigests(options, at(PROJECT_DIGEST_HOUR, 2))).toBe(0);
    expect((await mailsTo(email)).filter((m) => m.kind === 'project_digest')).toHaveLength(1);
  });
});
