import { formatLongDate, formatMoney } from '../../../contract/lib/locale-format.js';
import { centsToDecimal, formatCents } from '../../../contract/lib/money.js';
import { localizedPath, WEB_PATHS, type Locale } from '../../../contract/site/routes.js';
import type { MailMessage } from '../../adapters/mail/index.js';
import { serverI18n } from '../../locales.js';

export interface MailSettings {
  siteName: string;
  teamEmail: string;
  supportEmail: string;
  /** The site's origin for links in e-mails (the receipt's link to book the consultation). */
  siteUrl?: string;
}

type Outgoing = MailMessage & { kind: string };

interface RegistrationFacts {
  id: string;
  businessName: string;
  ownerName: string;
  email: string;
  phone: string | null;
  businessType: string;
  planDisplayName: string;
  /** The language the client registered in: the team calls and writes in it. */
  language: Locale;
}

const lines = (...parts: (string | null | false | undefined)[]) =>
  parts.filter((p) => p !== null && p !== false && p !== undefined).join('\n');
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Spanish' };
/**
 * Every e-mail to the team names the client's language, so the first call is in it (issue 28 §2):
 * 'Language: Spanish (registered on the Spanish site; call and write in Spanish)'.
 */
export const languageLine = (language: Locale) =>
  language === 'en'
    ? 'Language: English'
    : `Language: ${LANGUAGE_NAMES[language]} (registered on the ${LANGUAGE_NAMES[language]} site; call and write in ${LANGUAGE_NAMES[language]})`;

/** Money and days as the team's e-mails write them: '$299.00', '2026-11-24'. */
export const money = formatCents;
export const day = (date: Date) => date.toISOString().slice(0, 10);

/** A card as e-mails name it; no last four digits: just 'card'. */
export interface MailCard {
  brand: string | null;
  last4: string | null;
}

/**
 * The words of an e-mail to a client, in the client's language (the registration's): its messages
 * (src/locales/{locale}/emails.po), money, days, billing cycles and cards. English keeps the ISO
 * days and money the e-mails have always had; Spanish writes them for es-US ('24 de noviembre de 2026').
 */
export function mailWords(locale: Locale) {
  const i18n = serverI18n('emails', locale);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
  return {
    locale,
    t,
    money: (cents: number, currency: string) =>
      locale === 'en'
        ? formatCents(cents, currency)
        : formatMoney(i18n, centsToDecimal(cents), currency),
    day: (date: Date) => (locale === 'en' ? day(date) : formatLongDate(i18n, date)),
    cycle: (cycle: string) => t('mail.cycle', { cycle }),
    card: (card: MailCard) =>
      card.last4
        ? t('card.label', { brand: card.brand ?? 'none', last4: card.last4 })
        : t('card.none'),
    /** After a label ('Card: visa ending in 4242'). */
    cardShort: (card: MailCard) =>
      card.last4
        ? t('card.short', { brand: card.brand ?? 'none', last4: card.last4 })
        : t('card.none'),
  };
}
export type MailWords = ReturnType<typeof mailWords>;

export function newRegistrationMail(settings: MailSettings, r: RegistrationFacts): Outgoing {
  return {
    kind: 'team_new_registration',
    to: settings.teamEmail,
    subject: `New registration: ${r.businessName} (${r.planDisplayName})`,
    text: lines(
      `${r.businessName} registered for the ${r.planDisplayName} plan and is on the way to checkout.`,
      '',
      `Owner: ${r.ownerName}`,
      `E-mail: ${r.email}`,
      r.phone && `Phone: ${r.phone}`,
      languageLine(r.language),
      `Business type: ${r.businessType}`,
      `Registration: ${r.id}`,
    ),
  };
}

interface CheckoutLinkFacts {
  /** The client's language: the registration's. */
  language: Locale;
  businessName: string;
  ownerName: string;
  email: string;
  planDisplayName: string;
  priceCents: number;
  currency: string;
  billingCycle: string;
  /** The registration's checkout link, absolute. */
  checkoutUrl: string;
}

/** The client's checkout link, so a sign-up started here can be paid later or on another device. */
export function clientCheckoutLinkMail(settings: MailSettings, r: CheckoutLinkFacts): Outgoing {
  const w = mailWords(r.language);
  const plan = r.planDisplayName;
  return {
    kind: 'client_checkout_link',
    to: r.email,
    subject: w.t('checkoutLink.subject', { plan, site: settings.siteName }),
    text: lines(
      w.t('mail.hello', { name: r.ownerName }),
      '',
      w.t('checkoutLink.thanks', { business: r.businessName, site: settings.siteName }),
      w.t('checkoutLink.pay', {
        plan,
        price: w.money(r.priceCents, r.currency),
        cycle: w.cycle(r.billingCycle),
      }),
      '',
      r.checkoutUrl,
      '',
      w.t('checkoutLink.anyDevice'),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ),
  };
}

interface PaymentFacts {
  amountCents: number;
  currency: string;
  planDisplayName: string;
  billingCycle: string;
  providerPaymentId: string;
  /** The invoice the payment was booked as ('INV-001001'): the client finds it on the billing page. */
  invoiceNumber: string;
  paidAt: Date;
  renewal: { priceCents: number; startsAt: Date } | null;
  card: MailCard | null;
  /** Who paid, when we know; their receipt is in their language. */
  registration: {
    id: string;
    businessName: string;
    ownerName: string;
    email: string;
    language: Locale;
  } | null;
}

/** The team's notice and, when we know who paid, the client's receipt. */
export function paymentMails(settings: MailSettings, p: PaymentFacts): Outgoing[] {
  const amount = money(p.amountCents, p.currency);
  const who = p.registration
    ? `${p.registration.businessName} (${p.registration.ownerName}, ${p.registration.email})`
    : 'A visitor without a registration';
  const team: Outgoing = {
    kind: 'team_payment_received',
    to: settings.teamEmail,
    subject: `Payment received: ${amount} for ${p.planDisplayName}`,
    text: lines(
      `${who} paid ${amount} for the ${p.planDisplayName} plan on ${day(p.paidAt)}.`,
      'Contact the client within 24 hours to schedule the consultation.',
      p.registration && languageLine(p.registration.language),
      '',
      `Payment: ${p.providerPaymentId}`,
      p.registration && `Registration: ${p.registration.id}`,
    ),
  };
  if (!p.registration) return [team];
  const w = mailWords(p.registration.language);
  const plan = p.planDisplayName;
  const cycle = w.cycle(p.billingCycle);
  const receipt: Outgoing = {
    kind: 'client_receipt',
    to: p.registration.email,
    subject: w.t('receipt.subject', { site: settings.siteName }),
    text: lines(
      w.t('mail.hello', { name: p.registration.ownerName }),
      '',
      w.t('receipt.thanks', { plan, business: p.registration.businessName }),
      '',
      w.t('receipt.amount', { amount: w.money(p.amountCents, p.currency), plan, cycle }),
      p.card && w.t('receipt.card', { card: w.cardShort(p.card) }),
      w.t('receipt.date', { date: w.day(p.paidAt) }),
      w.t('receipt.invoice', { number: p.invoiceNumber }),
      w.t('receipt.reference', { reference: p.providerPaymentId }),
      p.renewal &&
        w.t('receipt.renewal', {
          date: w.day(p.renewal.startsAt),
          price: w.money(p.renewal.priceCents, p.currency),
          cycle,
        }),
      '',
      w.t('receipt.next'),
      // Issue 29 §2: the billing page's booking section, where the sign-in link takes them.
      settings.siteUrl &&
        w.t('receipt.book', {
          url: `${settings.siteUrl}${localizedPath(p.registration.language, WEB_PATHS.account)}#consultation`,
        }),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ),
  };
  return [team, receipt];
}
