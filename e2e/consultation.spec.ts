import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  emailedLink,
  expectNoSeriousA11yViolations,
  invitation,
  mailbox,
  registerAndPayViaApi,
  signIn,
  useAddress,
} from './helpers';

// Issue 29 §2: the client books the consultation from /account, in English and in Spanish, on a
// phone, seeing times in the browser's zone; the e-mails carry an .ics whose UID survives a move.
const ADDRESS = '10.131.0.1';
const OWNER_ADDRESS = '10.131.0.2';
const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

/** The client's phone browser in `timeZone`, signed in with the e-mailed link. */
async function clientOnPhone(browser: Browser, email: string, timeZone: string, openLabel: string) {
  const link = await emailedLink(
    browser,
    OWNER_ADDRESS,
    email,
    'client_billing_link',
    /https?:\/\/\S+\/account\?token=[A-Za-z0-9_-]+/,
  );
  const context = await browser.newContext({ timezoneId: timeZone, viewport: PHONE });
  const page = await context.newPage();
  await useAddress(page, ADDRESS);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: openLabel }).click();
  return { context, page };
}

async function noSideScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
  ).toBe(true);
}

test.describe.serial('the consultation', () => {
  test('an employee opens hours for clients in Settings → Availability', async ({ page }) => {
    await useAddress(page, OWNER_ADDRESS);
    await signIn(page);
    // Every day, all day, in UTC: whatever time the spec runs, there are free times.
    const saved = await page.request.put('/api/consultations/availability', {
      data: {
        timeZone: 'UTC',
        weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
        daysOff: [],
      },
    });
    expect(saved.status()).toBe(200);
    await page.goto('/settings/availability');
    await expect(
      page.getByRole('heading', { name: 'Your availability for consultations' }),
    ).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
    await expect(
      page.getByRole('group', { name: 'Weekly hours' }).getByLabel('Day', { exact: true }),
    ).toHaveCount(7);
    // A wrong zone is refused beside its field.
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await expect(
      page.getByText('Time zone must be a time zone such as Europe/Madrid.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an English client books from /account on a phone, in Madrid time, and reschedules', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const email = `consult-en-${stamp}@example.com`;
    const business = `Consult Bakery ${stamp}`;
    await registerAndPayViaApi(request, {
      address: ADDRESS,
      plan: 'growing',
      businessName: business,
      email,
    });
    // The receipt links to the booking section.
    // The whole suite's billing-clock specs have just renewed every client made before: the
    // outbox may still be sending that burst, in order, ahead of this receipt.
    await expect
      .poll(async () => (await mailbox(email)).map((m) => m.text).join('\n'), { timeout: 60_000 })
      .toMatch(
        /Book your consultation now, at a time that suits you: http\S+\/account#consultation/,
      );
    await request.post('/api/account/sign-in-link', {
      headers: { 'x-forwarded-for': ADDRESS },
      data: { email },
    });
    const { context, page } = await clientOnPhone(
      browser,
      email,
      'Europe/Madrid',
      'Open my billing page',
    );
    const section = page.getByRole('region', { name: 'Book your consultation' });
    await expect(section).toBeVisible();
    await expect(section.getByText('Times in Europe/Madrid')).toBeVisible();
    const times = section.getByRole('group', { name: 'Time' }).getByRole('radio');
    await expect(times.first()).toBeAttached();
    // Three days ahead: past the 24-hour cut-off, so it may be rescheduled.
    await section.getByLabel('Day').selectOption({ index: 3 });
    const picked = times.nth(2);
    await picked.check({ force: true });
    const startsAt = await picked.inputValue();
    await expectNoSeriousA11yViolations(page);
    await noSideScroll(page);
    await section.getByRole('button', { name: 'Book this time' }).click();

    const booked = page.getByRole('region', { name: 'Your consultation', exact: true });
    await expect(booked).toBeVisible();
    // The time on screen is the chosen instant in Madrid.
    const madrid = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Madrid',
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(startsAt));
    await expect(booked).toContainText(madrid);
    await expectNoSeriousA11yViolations(page);
    const first = await invitation(email, 1);
    expect(first).toMatchObject({ method: 'REQUEST', sequence: 0, start: startsAt });

    // Reschedule to another time: the same UID, SEQUENCE 1.
    await booked.getByRole('button', { name: 'Reschedule' }).click();
    const picker = page.getByRole('region', { name: 'Choose a new time' });
    await picker.getByLabel('Day').selectOption({ index: 2 });
    const other = picker.getByRole('group', { name: 'Time' }).getByRole('radio').nth(3);
    await other.check({ force: true });
    const movedTo = await other.inputValue();
    await picker.getByRole('button', { name: 'Move to this time' }).click();
    await expect(
      page.getByRole('region', { name: 'Your consultation', exact: true }),
    ).toBeVisible();
    const moved = await invitation(email, 2);
    expect(moved).toMatchObject({ method: 'REQUEST', uid: first.uid, sequence: 1, start: movedTo });
    await context.close();

    // The team sees it on the client's record, in the client's time too.
    const team = await browser.newContext();
    const owner = await team.newPage();
    await useAddress(owner, OWNER_ADDRESS);
    await signIn(owner);
    await owner.getByRole('link', { name: 'Clients', exact: true }).click();
    await owner
      .getByRole('table', { name: 'Clients' })
      .getByRole('button', { name: business })
      .click();
    const dialog = owner.getByRole('dialog', { name: business });
    await expect(dialog.getByRole('heading', { name: 'Consultation' })).toBeVisible();
    await expect(dialog).toContainText('Booked');
    await expect(dialog).toContainText('(Europe/Madrid)');
    await expectNoSeriousA11yViolations(owner);
    await team.close();
  });

  test('a Spanish client books on /es/account in Mexico City time', async ({
    browser,
    request,
  }) => {
    test.slow();
    const email = `consult-es-${stamp}@example.com`;
    const business = `Panadería Consulta ${stamp}`;
    await registerAndPayViaApi(request, {
      address: ADDRESS,
      plan: 'growing',
      businessName: business,
      email,
      language: 'es',
    });
    await request.post('/api/account/sign-in-link', {
      headers: { 'x-forwarded-for': ADDRESS },
      data: { email },
    });
    const { context, page } = await clientOnPhone(
      browser,
      email,
      'America/Mexico_City',
      'Abrir mi página de facturación',
    );
    await expect(page).toHaveURL(/\/es\/account/);
    const section = page.getByRole('region', { name: 'Reserve su consulta' });
    await expect(section.getByText('Horas en America/Mexico_City')).toBeVisible();
    await section.getByLabel('Día').selectOption({ index: 3 });
    const time = section.getByRole('group', { name: 'Hora' }).getByRole('radio').nth(1);
    await time.check({ force: true });
    const startsAt = await time.inputValue();
    await expectNoSeriousA11yViolations(page);
    await noSideScroll(page);
    await section.getByRole('button', { name: 'Reservar esta hora' }).click();
    const booked = page.getByRole('region', { name: 'Su consulta', exact: true });
    await expect(booked).toBeVisible();
    await expect(booked).toContainText('Puede cambiarla o cancelarla hasta el');
    await expectNoSeriousA11yViolations(page);
    const invite = await invitation(email, 1);
    expect(invite).toMatchObject({ method: 'REQUEST', start: startsAt });
    expect((await mailbox(email))[0]!.text).toContain('horas en America/Mexico_City');

    // Cancel: METHOD:CANCEL with the same UID.
    await booked.getByRole('button', { name: 'Cancelar la consulta' }).click();
    await expect(page.getByRole('region', { name: 'Reserve su consulta' })).toBeVisible();
    const cancelled = await invitation(email, 2);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid: invite.uid });
    await context.close();
  });
});
