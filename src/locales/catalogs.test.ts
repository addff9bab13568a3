import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMoney, INTL_LOCALES } from '../contract/lib/locale-format.js';
import { LOCALES, type Locale } from '../contract/site/routes.js';
import { ERROR_CODES, errorMessageId } from '../contract/lib/errors.js';
import { readCatalog, serverI18n } from '../server/locales.js';
import { mailWords } from '../server/features/notifications/index.js';
import { messages as enSite } from './en/site.po';
import { messages as esSite } from './es/site.po';
import { messages as esCheckout } from './es/checkout.po';
import { messages as enRegister } from './en/register.po';
import { messages as esRegister } from './es/register.po';

/** Each catalog, and the code whose message ids it holds. */
const PARTS = {
  site: 'src/web',
  checkout: 'src/web',
  account: 'src/web',
  register: 'src/web',
  project: 'src/web',
  consultation: 'src/web',
  support: 'src/web',
  forms: 'src/web',
  onboarding: 'src/web',
  shell: 'src/server',
  emails: 'src/server',
  // Ids made from the error codes (api.<code>), which the server sends and the pages word.
  errors: 'src/contract',
} as const;
const root = path.resolve(import.meta.dirname, '../..');

type Compiled = ReturnType<typeof compileMessage>;
/** The names a message fills in ({plan}, {count, plural, …}) and its tags (<0>…</0>). */
function slots(message: string): { names: Set<string>; tags: string[] } {
  const names = new Set<string>();
  const walk = (parts: Compiled | string | number) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (typeof part === 'string') continue;
      const [name, , options] = part as [
        string,
        string?,
        Record<string, Compiled | string | number>?,
      ];
      names.add(name);
      for (const branch of Object.values(options ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return { names, tags: [...message.matchAll(/<\/?(\d+)>/g)].map((m) => m[0]).sort() };
}

/** The quoted strings of the code under `dir` (tests aside). */
function codeStrings(dir: string): Set<string> {
  const found = new Set<string>();
  for (const file of fs.readdirSync(path.join(root, dir), {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!file.isFile() || !/\.tsx?$/.test(file.name) || file.name.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(file.parentPath, file.name), 'utf8');
    for (const m of text.matchAll(/['"`]([A-Za-z]+\.[A-Za-z0-9.]+)['"`]/g)) found.add(m[1]!);
  }
  return found;
}

describe('the message catalogs (src/locales)', () => {
  for (const [part, dir] of Object.entries(PARTS)) {
    const catalogs = Object.fromEntries(
      LOCALES.map((locale) => [locale, readCatalog(locale, part)]),
    ) as Record<Locale, Record<string, string>>;
    const ids = Object.keys(catalogs.en);

    it(`${part}: every message is in every language, not blank, with the same names and tags as the English`, () => {
      expect(ids.length).toBeGreaterThan(0);
      for (const locale of LOCALES) {
        expect(Object.keys(catalogs[locale]).sort(), `${locale}/${part}.po`).toEqual(
          [...ids].sort(),
        );
        for (const id of ids) {
          expect(catalogs[locale][id]!.trim(), `${locale}/${part}.po ${id}`).not.toBe('');
          const english = slots(catalogs.en[id]!);
          const here = slots(catalogs[locale][id]!);
          // A translation may leave a name out ('Este campo es obligatorio.'), never bring one the code does not give.
          for (const name of here.names)
            expect(english.names.has(name), `${locale}/${part}.po ${id}: {${name}}`).toBe(true);
          expect(here.tags, `${locale}/${part}.po ${id}`).toEqual(english.tags);
        }
      }
    });

    it(`${part}: the code uses every message, and every message id in the code is in the catalog`, () => {
      if (part === 'errors') {
        expect([...ids].sort()).toEqual(ERROR_CODES.map(errorMessageId).sort());
        return;
      }
      const strings = codeStrings(dir);
      const prefixes = new Set(ids.map((id) => id.split('.')[0]));
      const unused = ids.filter((id) => !strings.has(id));
      expect(unused, `messages of ${part}.po no code uses`).toEqual([]);
      // Ids of the other catalogs of the same code count too (a page uses the site's and its own).
      const known = new Set(
        Object.entries(PARTS).flatMap(([other, otherDir]) =>
          otherDir === dir ? Object.keys(readCatalog('en', other)) : [],
        ),
      );
      const missing = [...strings].filter((s) => prefixes.has(s.split('.')[0]!) && !known.has(s));
      expect(missing, `ids in ${dir} that no catalog has`).toEqual([]);
    });
  }
});

describe('money, dates and plurals in both languages', () => {
  const web = (locale: Locale, ...catalogs: object[]) =>
    setupI18n({
      locale,
      locales: [INTL_LOCALES[locale]],
      messages: { [locale]: Object.assign({}, ...catalogs) },
    });
  const en = web('en', enSite, enRegister);
  const es = web('es', esSite, esCheckout, esRegister);
  const day = new Date('2026-11-24T12:00:00Z');

  it('writes prices as $299.00 in both, whole plan prices as $449', () => {
    for (const i18n of [en, es]) {
      expect(formatMoney(i18n, '299.00')).toBe('$299.00');
      expect(formatMoney(i18n, '449.00', 'usd', true)).toBe('$449');
      expect(formatMoney(i18n, '99.50', 'usd', true)).toBe('$99.50');
    }
    // The plan card's whole price (issue 28 §7), with and without a renewal price.
    const story = (i18n: typeof en, renewal: string | null) =>
      i18n._(renewal ? 'plans.priceStory' : 'plans.priceStays', {
        price: formatMoney(i18n, '199.00', 'usd', true),
        renewal: renewal && formatMoney(i18n, renewal, 'usd', true),
        cycle: i18n._('common.cycle', { cycle: 'month' }),
      });
    expect(story(en, '425.00')).toBe('$199/month for 12 months, then $425/month');
    expect(story(en, null)).toBe('$199/month, the price stays');
    expect(story(es, '425.00')).toBe('$199/mes durante 12 meses, después $425/mes');
    expect(story(es, null)).toBe('$199/mes, el precio se mantiene');
    expect(es._('pay.button', { amount: formatMoney(es, '299.00') })).toBe('Pagar $299.00');
  });

  it('writes days as November 24, 2026 and 24 de noviembre de 2026', () => {
    expect(formatLongDate(en, day)).toBe('November 24, 2026');
    expect(formatLongDate(es, day)).toBe('24 de noviembre de 2026');
    expect(mailWords('es').day(day)).toBe('24 de noviembre de 2026');
    expect(mailWords('en').day(day)).toBe('2026-11-24');
    expect(mailWords('es').money(32500, 'usd')).toBe('$325.00');
    expect(mailWords('en').money(32500, 'usd')).toBe('$325.00');
  });

  it('names a billing cycle in the language, and keeps one it does not know', () => {
    expect(en._('common.cycle', { cycle: 'month' })).toBe('month');
    expect(es._('common.cycle', { cycle: 'month' })).toBe('mes');
    expect(es._('common.cycle', { cycle: 'year' })).toBe('año');
    expect(es._('common.cycle', { cycle: 'quarter' })).toBe('quarter');
    expect(
      es._('reg.planOption', {
        plan: 'Growing',
        price: '$299.00',
        cycle: es._('common.cycle', { cycle: 'month' }),
      }),
    ).toBe('Growing - $299.00/mes');
    expect(en._('reg.planOption', { plan: 'Growing', price: '$299.00', cycle: 'month' })).toBe(
      'Growing - $299.00/month',
    );
  });

  it('makes plurals by the language’s rules', () => {
    const minutes = (locale: Locale, n: number) =>
      serverI18n('emails', locale)._('billingLink.once', { minutes: n });
    expect(minutes('en', 1)).toBe(
      'The link works once, for 1 minute. If you did not ask for it, ignore this e-mail.',
    );
    expect(minutes('en', 15)).toBe(
      'The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail.',
    );
    expect(minutes('es', 1)).toBe(
      'El enlace funciona una sola vez, durante 1 minuto. Si usted no lo pidió, ignore este correo.',
    );
    expect(minutes('es', 15)).toBe(
      'El enlace funciona una sola vez, durante 15 minutos. Si usted no lo pidió, ignore este correo.',
    );
  });

  it('names a card in a sentence and after a label', () => {
    const card = { brand: 'visa', last4: '4242' };
    expect(mailWords('en').card(card)).toBe('visa ending in 4242');
    expect(mailWords('es').card(card)).toBe('tarjeta visa terminada en 4242');
    expect(mailWords('es').cardShort(card)).toBe('visa terminada en 4242');
    expect(mailWords('es').card({ brand: null, last4: '4242' })).toBe('tarjeta terminada en 4242');
    expect(mailWords('en').card({ brand: null, last4: null })).toBe('card');
  });
});
