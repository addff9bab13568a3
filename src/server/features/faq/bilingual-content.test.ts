import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  exportClientsCsv,
  getClient,
  listClients,
  type ClientDetail,
  type ClientPage,
} from '../../../contract/clients/clients.js';
import { saveFaq } from '../../../contract/faq/admin.js';
import { listFaq, type FaqEntry } from '../../../contract/faq/faq.js';
import { updatePlan } from '../../../contract/plans/admin.js';
import { listPlans } from '../../../contract/plans/list.js';
import type { SubscriptionPlan } from '../../../contract/plans/plans.js';
import { createPortfolioItem } from '../../../contract/portfolio/admin.js';
import { listPortfolio, type PortfolioItem } from '../../../contract/portfolio/portfolio.js';
import { submitBusinessRegistration } from '../../../contract/registration/registration.js';
import { faqEntries, outboxMessages } from '../../db/schema.js';
import { renderShell } from '../../http/shell.js';
import { seed } from '../../seed/seed.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { DEFAULT_FAQ } from './seed.js';

let addressCount = 0;
const freshAddress = () => `10.28.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

describe.each(TEST_DATABASES)('bilingual content (issue 28 §2, §7) on %s', (kind) => {
  // An owner: editing plans needs the billing permission, which owners always have.
  const ctx = appUnderTest(kind, { role: 'owner', registrationRateLimit: 1000 });
  const db = () => ctx.testDb.database.db;
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    cookie = ctx.cookie,
  ) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
      remoteAddress: freshAddress(),
    });

  it('seeds the four questions in English and Spanish, once', async () => {
    const faq = (await call('GET', apiPath(listFaq), undefined, '')).json<FaqEntry[]>();
    expect(faq.map((e) => e.question)).toEqual(DEFAULT_FAQ.map((e) => e.question));
    expect(faq.map((e) => e.questionEs)).toEqual([
      '¿Qué incluye mi plan?',
      '¿Cuándo cambia el precio?',
      '¿Cómo cancelo?',
      '¿Qué pasa con mi sitio web si cancelo?',
    ]);
    expect(faq.every((e) => e.answer.length > 40 && (e.answerEs?.length ?? 0) > 40)).toBe(true);
    // Seeding again (every start) adds nothing: the agency's edits are kept.
    await seed(ctx.testDb.database, { demoData: false });
    expect(await db().$count(faqEntries)).toBe(4);
  });

  it('saves the FAQ in order, blank Spanish texts as none, and refuses visitors and blanks', async () => {
    const entries = [
      { question: 'Do you build online stores?', answer: 'Yes, on Comprehensive.' },
      {
        question: 'Can I keep my domain?',
        answer: 'Yes.',
        questionEs: ' ¿Puedo conservar mi dominio? ',
        answerEs: 'Sí.',
      },
    ];
    expect((await call('PUT', apiPath(saveFaq), { entries }, '')).statusCode).toBe(401);

    const blank = await call('PUT', apiPath(saveFaq), {
      entries: [{ question: ' ', answer: 'x' }],
    });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('entries.0.question');

    const saved = await call('PUT', apiPath(saveFaq), { entries });
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = (await call('GET', apiPath(listFaq), undefined, '')).json<FaqEntry[]>();
    expect(listed.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        question: 'Do you build online stores?',
        answer: 'Yes, on Comprehensive.',
        questionEs: null,
        answerEs: null,
      },
      {
        question: 'Can I keep my domain?',
        answer: 'Yes.',
        questionEs: '¿Puedo conservar mi dominio?',
        answerEs: 'Sí.',
      },
    ]);
  });

  it('keeps a plan’s Spanish description and features, and clears them when blank', async () => {
    const plans = (await call('GET', apiPath(listPlans))).json<SubscriptionPlan[]>();
    const growing = plans.find((p) => p.name === 'growing')!;
    // The demo plans come with their Spanish texts (seeded once, like the plans).
    for (const plan of plans) {
      expect(plan.descriptionEs).toMatch(/\S/);
      expect(plan.featuresEs).toHaveLength(plan.features.length);
    }
    expect(growing.descriptionEs).toMatch(/^Más páginas, más redes sociales/);
    expect(growing.featuresEs).toContain('Soporte técnico 24/7');
    const body = {
      displayName: growing.displayName,
      description: growing.description,
      price: growing.price,
      billingCycle: growing.billingCycle,
      features: growing.features,
      renewalPrice: growing.renewalPrice,
      mostPopular: growing.mostPopular,
    };
    const spanish = await call('PUT', apiPath(updatePlan, { id: growing.id }), {
      ...body,
      descriptionEs: '  Más páginas y más redes.  ',
      featuresEs: ['Hasta 10 páginas', 'Dos redes sociales'],
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json<SubscriptionPlan>()).toMatchObject({
      descriptionEs: 'Más páginas y más redes.',
      featuresEs: ['Hasta 10 páginas', 'Dos redes sociales'],
    });
    const listed = (await call('GET', apiPath(listPlans), undefined, ''))
      .json<SubscriptionPlan[]>()
      .find((p) => p.id === growing.id)!;
    expect(listed.descriptionEs).toBe('Más páginas y más redes.');
    expect(listed.featuresEs).toEqual(['Hasta 10 páginas', 'Dos redes sociales']);

    const tooLong = await call('PUT', apiPath(updatePlan, { id: growing.id }), {
      ...body,
      featuresEs: ['x'.repeat(201)],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('featuresEs.0');

    const cleared = await call('PUT', apiPath(updatePlan, { id: growing.id }), {
      ...body,
      descriptionEs: ' ',
      featuresEs: [],
    });
    expect(cleared.json<SubscriptionPlan>()).toMatchObject({ descriptionEs: null, featuresEs: [] });
  });

  it('keeps a portfolio item’s Spanish description', async () => {
    const created = await call('POST', apiPath(createPortfolioItem), {
      websiteName: 'Panadería Sol',
      websiteUrl: 'https://sol.example.com',
      description: 'A neighbourhood bakery.',
      descriptionEs: 'Una panadería de barrio.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const items = (await call('GET', apiPath(listPortfolio), undefined, '')).json<
      PortfolioItem[]
    >();
    expect(items.find((i) => i.websiteName === 'Panadería Sol')).toMatchObject({
      description: 'A neighbourhood bakery.',
      descriptionEs: 'Una panadería de barrio.',
    });
  });

  it("shows the client's language in Clients (list, detail, CSV) and in the team's e-mail", async () => {
    const registered = await call(
      'POST',
      apiPath(submitBusinessRegistration),
      {
        businessName: 'Taller Ruiz',
        ownerName: 'Lucía Ruiz',
        email: 'lucia@taller.example.com',
        businessType: 'Automotive',
        subscriptionPlan: 'growing',
        language: 'es',
      },
      '',
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const { id } = registered.json<{ id: string }>();

    const page = (
      await call('GET', apiPath(listClients, {}, { search: 'Taller Ruiz' }))
    ).json<ClientPage>();
    expect(page.items.map((c) => [c.businessName, c.language])).toEqual([['Taller Ruiz', 'es']]);
    expect((await call('GET', apiPath(getClient, { id }))).json<ClientDetail>().language).toBe(
      'es',
    );

    const csv = await call('GET', apiPath(exportClientsCsv, {}, { search: 'Taller Ruiz' }));
    const [header, row] = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim()).data;
    expect(row![header!.indexOf('Language')]).toBe('Spanish');

    const [teamMail] = (
      await db()
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, 'team_new_registration'))
    ).filter((m) => m.subject.includes('Taller Ruiz'));
    expect(teamMail!.body).toContain(
      'Language: Spanish (registered on the Spanish site; call and write in Spanish)',
    );
  });
});

describe('the landing page head (issue 28 §7)', () => {
  const faq: FaqEntry[] = [
    {
      id: 1,
      question: 'How do I cancel?',
      answer: 'On your billing page.',
      questionEs: '¿Cómo cancelo?',
      answerEs: 'En su página de facturación.',
    },
    { id: 2, question: 'Untranslated?', answer: 'Yes </script>', questionEs: null, answerEs: null },
  ];
  const site = { name: 'Veteran Web Works', supportEmail: 'a@example.com' };
  const blocks = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  const template = '<head>{{PAGE_HEAD}}</head>';

  it('adds a FAQPage block in the page’s language, English where the Spanish is blank', () => {
    const es = blocks(
      renderShell(template, site, 'https://a.example.com', {
        locale: 'es',
        path: '/',
        found: true,
        faq,
      }),
    );
    expect(es).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        url: 'https://a.example.com/es',
        inLanguage: 'es',
        mainEntity: [
          {
            '@type': 'Question',
            name: '¿Cómo cancelo?',
            acceptedAnswer: { '@type': 'Answer', text: 'En su página de facturación.' },
          },
          {
            '@type': 'Question',
            name: 'Untranslated?',
            acceptedAnswer: { '@type': 'Answer', text: 'Yes </script>' },
          },
        ],
      },
    ]);
    const en = blocks(
      renderShell(template, site, 'https://a.example.com', {
        locale: 'en',
        path: '/',
        found: true,
        faq,
      }),
    );
    expect((en[0]!.mainEntity as { name: string }[])[0]!.name).toBe('How do I cancel?');
    // Only on the landing page, and only with questions.
    const checkout = renderShell(template, site, 'https://a.example.com', {
      locale: 'en',
      path: '/cancellation-policy',
      found: true,
      faq,
    });
    expect(blocks(checkout)).toEqual([]);
    expect(
      blocks(
        renderShell(template, site, 'https://a.example.com', {
          locale: 'en',
          path: '/',
          found: true,
          faq: [],
        }),
      ),
    ).toEqual([]);
  });

  it('indexes the cancellation policy with its own title in each language', () => {
    const tpl = '<title>{{TITLE}}</title>{{PAGE_HEAD}}';
    const en = renderShell(tpl, site, 'https://a.example.com', {
      locale: 'en',
      path: '/cancellation-policy',
      found: true,
    });
    expect(en).toContain('<title>Cancellation policy · Veteran Web Works</title>');
    expect(en).toContain(
      '<link rel="canonical" href="https://a.example.com/cancellation-policy" />',
    );
    expect(en).not.toContain('noindex');
    const es = renderShell(tpl, site, 'https://a.example.com', {
      locale: 'es',
      path: '/cancellation-policy',
      found: true,
    });
    expect(es).toContain('<title>Política de cancelación · Veteran Web Works</title>');
  });
});
