import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acknowledgeSupportRequest,
  addSupportNote,
  advanceSupportClock,
  closeSupportRequest,
  getMySupportRequest,
  getSupportRequest,
  listMySupportRequests,
  listSupportRequests,
  listUnmatchedMail,
  mergeSupportRequest,
  openSupportRequest,
  receiveInboundMail,
  reopenSupportRequest,
  replyToMySupportRequest,
  replyToSupportRequest,
  saveOnCall,
  getSupportFigures,
  getMySupportAttachment,
  getSupportAttachment,
  uploadSupportAttachment,
  type SupportAttachment,
  type ClientSupportList,
  type ClientSupportRequest,
  type SupportFigures,
  type SupportQueuePage,
  type SupportRequestDetail,
} from '../../../contract/support/support.js';
import { startChatFake } from '../../adapters/chat/fake.js';
import { postmarkInboundRequest } from '../../adapters/inbound-mail/fake.js';
import { outboxMessages, supportRequests, user } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { createSupportService } from './service.js';
import { createSupportSettings } from './settings.js';

const SECRET = 'inbound secret for the support tests';
const INBOUND = 'support@inbound.example';
const TEAM = 'team@example.com';

describe.each(TEST_DATABASES)('24/7 support on %s', (kind) => {
  let chat: Awaited<ReturnType<typeof startChatFake>>;
  const ctx = appUnderTest(kind, async () => {
    chat = await startChatFake();
    return {
      role: 'owner',
      config: testConfig({
        TEAM_EMAIL: TEAM,
        PUBLIC_URL: 'https://agency.example',
        INBOUND_MAIL_PROVIDER: 'postmark',
        INBOUND_MAIL_SECRET: SECRET,
        INBOUND_MAIL_ADDRESS: INBOUND,
        CHAT_WEBHOOK_URL: chat.url,
      }),
      registrationRateLimit: 1000,
      paymentRateLimit: 1000,
      accountRateLimit: 1000,
    };
  });
  afterAll(async () => chat?.close());
  const db = () => ctx.testDb.database.db;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    cookie = ctx.cookie,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  async function client(language: 'en' | 'es' = 'en') {
    const paid = await paidRegistration(ctx, 'growing', undefined, {
      businessName: `Support Cafe ${Math.random().toString(36).slice(2, 7)}`,
      language,
    });
    return { ...paid, cookie: await accountCookie(ctx, paid.email) };
  }

  const mailsTo = (to: string) =>
    db().select().from(outboxMessages).where(eq(outboxMessages.to, to));

  const inbound = (mail: Parameters<typeof postmarkInboundRequest>[0], secret = SECRET) => {
    const { headers, body } = postmarkInboundRequest(mail, secret);
    return ctx.app.inject({
      method: 'POST',
      url: apiPath(receiveInboundMail, { provider: 'postmark' }),
      headers,
      payload: body,
    });
  };

  async function employee(name: string) {
    const signed = await signedInEmployee(ctx.app, db(), 'staff', name);
    const [row] = await db().select().from(user).where(eq(user.email, signed.email));
    return { ...signed, id: row!.id };
  }

  it('keeps requests to their client: 401 signed out, 404 for another client', async () => {
    const a = await client();
    const b = await client();
    const opened = await call(
      'POST',
      apiPath(openSupportRequest),
      { topic: 'billing', urgency: 'normal', description: 'Question about my invoice' },
      a.cookie,
    );
    expect(opened.statusCode).toBe(201);
    const id = opened.json<ClientSupportRequest>().id;
    expect((await call('GET', apiPath(listMySupportRequests), undefined, '')).statusCode).toBe(401);
    expect(
      (await call('GET', apiPath(getMySupportRequest, { id }), undefined, b.cookie)).statusCode,
    ).toBe(404);
    const list = (
      await call('GET', apiPath(listMySupportRequests), undefined, b.cookie)
    ).json<ClientSupportList>();
    expect(list.items.map((r) => r.id)).not.toContain(id);
    expect((await call('GET', apiPath(listSupportRequests), undefined, '')).statusCode).toBe(401);
  });

  it('refuses bad input with field issues and keeps nothing', async () => {
    const a = await client();
    const before = await db().select().from(supportRequests);
    const bad = await call(
      'POST',
      apiPath(openSupportRequest),
      { topic: 'gossip', urgency: 'whenever', description: '   ', attachments: ['nope'] },
      a.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['description', 'topic', 'urgency']);
    const unknownFile = await call(
      'POST',
      apiPath(openSupportRequest),
      {
        topic: 'broken',
        urgency: 'normal',
        description: 'x',
        attachments: ['00000000-0000-4000-8000-000000000000'],
      },
      a.cookie,
    );
    expect(unknownFile.statusCode).toBe(400);
    expect(unknownFile.json().code).toBe('support_attachment_unknown');
    expect(await db().select().from(supportRequests)).toHaveLength(before.length);
  });

  it('an urgent request tells the on-call employee, then the owners after 15 minutes, once', async () => {
    const onCall = await employee('Casey On-Call');
    expect((await call('PUT', apiPath(saveOnCall), { employeeIds: [onCall.id] })).statusCode).toBe(
      200,
    );
    const a = await client();
    const opened = await call(
      'POST',
      apiPath(openSupportRequest),
      { topic: 'broken', urgency: 'urgent', description: 'My website is down!\nNothing loads.' },
      a.cookie,
    );
    expect(opened.statusCode).toBe(201);
    const request = opened.json<ClientSupportRequest>();
    expect(request.title).toBe('My website is down!');
    expect(Date.parse(request.dueAt!) - Date.parse(request.createdAt)).toBe(60 * 60_000);
    await ctx.app.support.settled();
    expect((await mailsTo(onCall.email)).map((m) => m.kind)).toEqual(['team_support_urgent']);
    expect(chat.messages.some((m) => JSON.stringify(m).includes(`#${request.number}`))).toBe(true);
    const receipt = (await mailsTo(a.email)).find((m) => m.kind === 'client_support_received')!;
    expect(receipt.replyTo).toMatch(/^support\+[0-9a-f]{24}@inbound\.example$/);

    // 14 minutes: nothing yet. 15: the owners, once, even with two instances running it at once.
    const advanced = await call('POST', apiPath(advanceSupportClock), { minutes: 14 });
    expect(advanced.json().escalated).toBe(0);
    await call('POST', apiPath(advanceSupportClock), { minutes: 1 });
    await Promise.all([ctx.app.support.escalateDue(), ctx.app.support.escalateDue()]);
    const escalations = (await db().select().from(outboxMessages)).filter(
      (m) => m.kind === 'team_support_escalation' && m.subject.includes(`#${request.number}:`),
    );
    expect(escalations.map((m) => m.to)).toContain(TEAM);
    expect(new Set(escalations.map((m) => m.to)).size).toBe(escalations.length);
    const detail = (
      await call('GET', apiPath(getSupportRequest, { id: request.id }))
    ).json<SupportRequestDetail>();
    expect(detail.escalatedAt).not.toBeNull();
    // The escalation note is the team's only.
    const mine = (
      await call('GET', apiPath(getMySupportRequest, { id: request.id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(mine.messages.map((m) => m.kind)).toEqual(['client']);
    await call('PUT', apiPath(saveOnCall), { employeeIds: [] });
  });

  it('an acknowledged urgent request is not escalated; with nobody on call the owners are told at once', async () => {
    const onCall = await employee('Robin On-Call');
    await call('PUT', apiPath(saveOnCall), { employeeIds: [onCall.id] });
    const a = await client();
    const urgent = async () =>
      (
        await call(
          'POST',
          apiPath(openSupportRequest),
          { topic: 'broken', urgency: 'urgent', description: 'Down again' },
          a.cookie,
        )
      ).json<ClientSupportRequest>();
    const { id } = await urgent();
    const ack = await call('POST', apiPath(acknowledgeSupportRequest, { id }));
    expect(ack.json<SupportRequestDetail>().acknowledgedBy).not.toBeNull();
    await call('POST', apiPath(advanceSupportClock), { minutes: 30 });
    await ctx.app.support.escalateDue();
    const [row] = await db().select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row!.escalatedAt).toBeNull();

    await call('PUT', apiPath(saveOnCall), { employeeIds: [] });
    const alone = await urgent();
    const [nobody] = await db()
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, alone.id));
    expect(nobody!.escalatedAt).not.toBeNull();
    const told = (await db().select().from(outboxMessages)).filter(
      (m) => m.kind === 'team_support_urgent' && m.subject.includes(`#${alone.number}:`),
    );
    expect(told.map((m) => m.to)).toContain(TEAM);
    expect(told[0]!.subject).toContain('nobody on call');
  });

  it('the team answers, the client replies by e-mail, closes, and the client reopens by e-mail', async () => {
    const a = await client('es');
    const { id, number } = (
      await call(
        'POST',
        apiPath(openSupportRequest),
        { topic: 'website_change', urgency: 'normal', description: 'Cambien el horario' },
        a.cookie,
      )
    ).json<ClientSupportRequest>();
    const note = await call('POST', apiPath(addSupportNote, { id }), { body: 'Check with Dana' });
    expect(note.statusCode).toBe(200);
    const replied = await call('POST', apiPath(replyToSupportRequest, { id }), {
      body: 'Hecho: el horario está cambiado.',
    });
    expect(replied.statusCode).toBe(200);
    const detail = replied.json<SupportRequestDetail>();
    expect(detail.status).toBe('answered');
    expect(detail.firstResponseAt).not.toBeNull();
    const reply = (await mailsTo(a.email)).find((m) => m.kind === 'client_support_reply')!;
    expect(reply.subject).toBe(`Re: n.º ${number} Cambien el horario`);
    expect(reply.body).toContain('Hecho: el horario está cambiado.');
    expect(reply.replyTo).toBe(detail.replyTo);

    // The client's e-mail reply, quoted text stripped, lands in the thread.
    const answer = await inbound({
      from: a.email.toUpperCase(),
      to: detail.replyTo!,
      subject: `Re: n.º ${number}`,
      text: `¡Gracias!\n\nEl lun, 30 nov 2026 a las 10:00, Agency <${INBOUND}> escribió:\n> Hecho`,
      messageId: `<m1-${id}@mail.example>`,
    });
    expect(answer.statusCode).toBe(200);
    let thread = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(thread.messages.map((m) => [m.kind, m.body])).toEqual([
      ['client', 'Cambien el horario'],
      ['team', 'Hecho: el horario está cambiado.'],
      ['client', '¡Gracias!'],
    ]);
    expect(thread.status).toBe('open');

    // The provider's retry adds nothing.
    await inbound({
      from: a.email,
      to: detail.replyTo!,
      subject: 'Re',
      text: '¡Gracias!',
      messageId: `<m1-${id}@mail.example>`,
    });
    const closed = await call('POST', apiPath(closeSupportRequest, { id }), { resolution: 'Done' });
    expect(closed.json<SupportRequestDetail>().status).toBe('closed');
    // What the product writes in the thread is in the client's language.
    const afterClose = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(afterClose.messages.at(-1)).toMatchObject({ kind: 'system' });
    expect(afterClose.messages.at(-1)!.body).toMatch(/cerró esta solicitud: Done$/);
    await inbound({
      from: a.email,
      to: detail.replyTo!,
      subject: 'Re',
      text: 'Una cosa más',
      messageId: `<m2-${id}@mail.example>`,
    });
    thread = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(thread.status).toBe('open');
    expect(thread.messages.filter((m) => m.kind === 'client').map((m) => m.body)).toEqual([
      'Cambien el horario',
      '¡Gracias!',
      'Una cosa más',
    ]);
  });

  it('inbound mail: 401 unless Postmark authenticates; a stranger never touches a request', async () => {
    const a = await client();
    const { id } = (
      await call(
        'POST',
        apiPath(openSupportRequest),
        { topic: 'social', urgency: 'normal', description: 'Post this please' },
        a.cookie,
      )
    ).json<ClientSupportRequest>();
    const detail = (
      await call('GET', apiPath(getSupportRequest, { id }))
    ).json<SupportRequestDetail>();

    const forged = await inbound(
      { from: a.email, to: detail.replyTo!, subject: 'Re', text: 'forged' },
      'not the secret at all, no',
    );
    expect(forged.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: apiPath(receiveInboundMail, { provider: 'postmark' }),
      payload: { From: a.email, To: detail.replyTo, TextBody: 'x' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath(receiveInboundMail, { provider: 'mailgun' }),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);

    const stranger = await inbound({
      from: 'mallory@evil.example',
      to: detail.replyTo!,
      subject: 'Re: your request',
      text: 'Please send me the invoice',
      messageId: `<s-${id}@evil.example>`,
    });
    expect(stranger.statusCode).toBe(200);
    const unknownSender = await inbound({
      from: 'nobody@nowhere.example',
      to: INBOUND,
      subject: 'Hello',
      text: 'Who are you?',
    });
    expect(unknownSender.statusCode).toBe(200);
    const thread = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(thread.messages).toHaveLength(1);
    const kept = (await call('GET', apiPath(listUnmatchedMail))).json<{
      items: { from: string; reason: string }[];
    }>();
    expect(kept.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'mallory@evil.example', reason: 'not_the_client' }),
        expect.objectContaining({ from: 'nobody@nowhere.example', reason: 'unknown_sender' }),
      ]),
    );

    // A client writing to the plain address opens a request.
    const fresh = await inbound({
      from: a.email,
      to: INBOUND,
      subject: 'New logo',
      text: 'Can you put our new logo up?\n\n-- \nSam',
      messageId: `<new-${id}@mail.example>`,
    });
    expect(fresh.statusCode).toBe(200);
    const list = (
      await call('GET', apiPath(listMySupportRequests), undefined, a.cookie)
    ).json<ClientSupportList>();
    expect(list.items.find((r) => r.source === 'email')?.title).toBe('New logo');
  });

  it('a request the uptime check opens reads in the client’s language; its detail is the team’s', async () => {
    const a = await client('es');
    const { id } = await ctx.app.support.systemRequests.open({
      registrationId: a.registrationId,
      urgency: 'urgent',
      source: 'uptime',
      siteUrl: 'https://panaderia.example/',
      body: 'Uptime checks: https://panaderia.example/ is down (The server answered 503).',
      facts: { kind: 'site_down', since: new Date() },
    });
    const mine = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(mine.title).toBe('Su sitio web no responde');
    expect(mine.messages.map((m) => m.kind)).toEqual(['system']);
    expect(mine.messages[0]!.body).toContain('https://panaderia.example/');
    expect(JSON.stringify(mine)).not.toContain('The server answered 503');
    const team = (
      await call('GET', apiPath(getSupportRequest, { id }))
    ).json<SupportRequestDetail>();
    expect(team.messages.map((m) => m.kind)).toEqual(['system', 'note']);
    expect((await mailsTo(a.email)).map((m) => m.subject)).toContain(
      'Vimos que su sitio web no responde y ya estamos en ello',
    );
    await ctx.app.support.systemRequests.resolve(id, 'The site answered again after 10 minutes.', {
      url: 'https://panaderia.example/',
      minutes: 10,
    });
    const after = (
      await call('GET', apiPath(getMySupportRequest, { id }), undefined, a.cookie)
    ).json<ClientSupportRequest>();
    expect(after.status).toBe('closed');
    expect(after.messages.at(-1)!.body).toBe(
      'https://panaderia.example/ vuelve a responder después de 10 minutos.',
    );
  });

  it('merges a duplicate into one thread and reopens on request', async () => {
    const a = await client();
    const open = async (description: string) =>
      (
        await call(
          'POST',
          apiPath(openSupportRequest),
          { topic: 'commercials', urgency: 'normal', description },
          a.cookie,
        )
      ).json<ClientSupportRequest>();
    const first = await open('Commercial music');
    const second = await open('Commercial music again');
    const other = await client();
    const foreign = (
      await call(
        'POST',
        apiPath(openSupportRequest),
        { topic: 'commercials', urgency: 'normal', description: 'Mine' },
        other.cookie,
      )
    ).json<ClientSupportRequest>();
    const refused = await call('POST', apiPath(mergeSupportRequest, { id: second.id }), {
      intoNumber: foreign.number,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].field).toBe('intoNumber');
    const merged = await call('POST', apiPath(mergeSupportRequest, { id: second.id }), {
      intoNumber: first.number,
    });
    expect(merged.json<SupportRequestDetail>()).toMatchObject({
      status: 'closed',
      mergedInto: { id: first.id, number: first.number },
    });
    const target = (
      await call('GET', apiPath(getSupportRequest, { id: first.id }))
    ).json<SupportRequestDetail>();
    expect(target.messages.filter((m) => m.kind === 'client').map((m) => m.body)).toEqual([
      'Commercial music',
      'Commercial music again',
    ]);
    // The client's reply on the merged one lands in the one it went to.
    const replied = await call(
      'POST',
      apiPath(replyToMySupportRequest, { id: second.id }),
      { body: 'Any news?' },
      a.cookie,
    );
    expect(replied.json<ClientSupportRequest>().id).toBe(first.id);
    await call('POST', apiPath(closeSupportRequest, { id: first.id }), { resolution: 'Fixed' });
    const reopened = await call('POST', apiPath(reopenSupportRequest, { id: first.id }));
    expect(reopened.json<SupportRequestDetail>().status).toBe('open');
    expect(
      (await call('POST', apiPath(closeSupportRequest, { id: first.id }), { resolution: ' ' }))
        .statusCode,
    ).toBe(400);
  });

  it('attachments: the client uploads, the message carries them, only that client and the team read them', async () => {
    const a = await client();
    const b = await client();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, type: string, cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: apiPath(uploadSupportAttachment, {}, { name: 'screen shot.png' }),
        headers: { cookie, 'content-type': type },
        payload: bytes,
      });
    const uploaded = await upload(png, 'image/png', a.cookie);
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<SupportAttachment>();
    expect(file).toMatchObject({ contentType: 'image/webp', name: 'screen shot.webp' });
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', a.cookie);
    expect(pdf.json<SupportAttachment>().contentType).toBe('application/pdf');
    const text = await upload(Buffer.from('hello'), 'text/plain', a.cookie);
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('support_attachment_type');
    const empty = await upload(Buffer.alloc(0), 'image/png', a.cookie);
    expect(empty.statusCode).toBeLessThan(500);
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);

    // Another client cannot attach it, nor read it.
    const stolen = await call(
      'POST',
      apiPath(openSupportRequest),
      { topic: 'broken', urgency: 'normal', description: 'Mine now', attachments: [file.id] },
      b.cookie,
    );
    expect(stolen.json().code).toBe('support_attachment_unknown');
    const opened = await call(
      'POST',
      apiPath(openSupportRequest),
      {
        topic: 'broken',
        urgency: 'normal',
        description: 'See the picture',
        attachments: [file.id],
      },
      a.cookie,
    );
    expect(opened.json<ClientSupportRequest>().messages[0]!.attachments).toEqual([file]);
    const own = await call(
      'GET',
      apiPath(getMySupportAttachment, { fileId: file.id }),
      undefined,
      a.cookie,
    );
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(
      (await call('GET', apiPath(getMySupportAttachment, { fileId: file.id }), undefined, b.cookie))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', apiPath(getSupportAttachment, { fileId: file.id }))).statusCode).toBe(
      200,
    );
    // Used once: a second message cannot carry it again.
    const again = await call(
      'POST',
      apiPath(openSupportRequest),
      { topic: 'broken', urgency: 'normal', description: 'Again', attachments: [file.id] },
      a.cookie,
    );
    expect(again.statusCode).toBe(400);
  });

  it('the queue sorts by due time and counts views; the figures count per urgency', async () => {
    const page = (
      await call('GET', apiPath(listSupportRequests, {}, { view: 'open' }))
    ).json<SupportQueuePage>();
    const dues = page.items.map((i) => Date.parse(i.dueAt));
    expect(dues).toEqual([...dues].sort((x, y) => x - y));
    expect(page.total).toBe(page.counts.open);
    expect(page.items.every((i) => i.status === 'open')).toBe(true);
    const bad = await call('GET', `${apiPath(listSupportRequests)}?view=everything`);
    expect(bad.statusCode).toBe(400);
    const figures = (await call('GET', apiPath(getSupportFigures))).json<SupportFigures>();
    expect(figures.urgent.requests).toBeGreaterThanOrEqual(2);
    expect(figures.normal.medianFirstResponseMinutes).not.toBeNull();
  });

  it('due times: a normal request on Friday afternoon is due Monday, a holiday skipped', async () => {
    const settings = createSupportSettings(db(), 'America/Chicago');
    await settings.saveHours({
      weekdays: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '17:00',
      holidays: ['2026-12-07'],
      urgentMinutes: 60,
      normalBusinessDays: 1,
    });
    const a = await client();
    const at = (iso: string) =>
      createSupportService({
        db: db(),
        mail: { siteName: 'Test', supportEmail: TEAM, teamEmail: TEAM },
        emailOrigin: 'https://agency.example',
        mailQueued: () => {},
        timeZone: 'America/Chicago',
        settings,
        clock: { now: async () => new Date(iso) },
        chat: { send: async () => {} },
        inboundAddress: undefined,
        log: { error: () => {} },
      });
    const due = async (iso: string, urgency: 'urgent' | 'normal' = 'normal') => {
      const service = at(iso);
      const { id } = await service.openFromClient(a.registrationId, {
        topic: 'billing',
        urgency,
        description: `Due test ${iso}`,
        attachments: [],
      });
      const [row] = await db()
        .select()
        .from(supportRequests)
        .where(and(eq(supportRequests.id, id)));
      return row!.firstResponseDueAt.toISOString();
    };
    // Friday 2026-11-27 16:00 CST (22:00Z) → Monday 16:00 CST.
    expect(await due('2026-11-27T22:00:00.000Z')).toBe('2026-11-30T22:00:00.000Z');
    // Saturday → Monday 17:00.
    expect(await due('2026-11-28T16:00:00.000Z')).toBe('2026-11-30T23:00:00.000Z');
    // Friday 2026-12-04 16:00 before the Monday holiday → Tuesday 16:00.
    expect(await due('2026-12-04T22:00:00.000Z')).toBe('2026-12-08T22:00:00.000Z');
    // Urgent: an hour of wall time, Sunday night included.
    expect(await due('2026-11-29T09:00:00.000Z', 'urgent')).toBe('2026-11-29T10:00:00.000Z');
    await settings.saveHours({
      weekdays: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '17:00',
      holidays: [],
      urgentMinutes: 60,
      normalBusinessDays: 1,
    });
  });
});
