import type { Locale } from '../../../contract/site/routes.js';
import {
  day,
  languageLine,
  mailWords,
  money,
  type MailCard,
  type MailSettings,
  type MailWords,
} from '../notifications/index.js';

/** A billing e-mail: the text body always, and a small inline-styled HTML twin for clients. */
export interface BillingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Who the client is and where the billing page lives: every client e-mail names them. */
export interface ClientFacts {
  email: string;
  ownerName: string;
  businessName: string;
  planDisplayName: string;
  currency: string;
  billingCycle: string;
  /** The client's language (the registration's): their e-mails are written in it. */
  locale: Locale;
  /** Absolute URL of the billing page, in the client's language. */
  accountUrl: string;
}

export type { MailCard };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One message from paragraphs, each written by `paragraphs` in the client's language: the text
 * joins them; the HTML escapes each and adds a button to the billing page.
 */
function clientMail(
  settings: MailSettings,
  kind: string,
  c: ClientFacts,
  subject: (w: MailWords) => string,
  paragraphs: (w: MailWords) => string[],
): BillingMail {
  const w = mailWords(c.locale);
  const body = paragraphs(w);
  const hello = w.t('mail.hello', { name: c.ownerName });
  const closing = [w.t('mail.questions', { email: settings.supportEmail }), settings.siteName];
  const text = [hello, ...body, w.t('billing.pageLine', { url: c.accountUrl }), ...closing].join(
    '\n\n',
  );
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
    p(hello),
    ...body.map(p),
    `<p style="margin:16px 0"><a href="${escapeHtml(c.accountUrl)}" style="background:#1e3a8a;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(w.t('billing.button'))}</a></p>`,
    ...closing.map(p),
    '</div>',
  ].join('');
  return { kind, to: c.email, subject: subject(w), text, html };
}

export function renewalReceiptMail(
  s: MailSettings,
  c: ClientFacts,
  r: { amountCents: number; invoiceNumber: string; periodEnd: Date; card: MailCard },
): BillingMail {
  const plan = c.planDisplayName;
  return clientMail(
    s,
    'client_renewal_receipt',
    c,
    (w) => w.t('renewal.subject', { plan }),
    (w) => [
      w.t('renewal.charged', {
        amount: w.money(r.amountCents, c.currency),
        card: w.card(r.card),
        cycle: w.cycle(c.billingCycle),
        plan,
        business: c.businessName,
      }),
      w.t('renewal.invoice', { number: r.invoiceNumber, date: w.day(r.periodEnd) }),
    ],
  );
}

export function paymentFailedMail(
  s: MailSettings,
  c: ClientFacts,
  f: { amountCents: number; nextRetryAt: Date | null },
): BillingMail {
  const plan = c.planDisplayName;
  return clientMail(
    s,
    'client_payment_failed',
    c,
    (w) => w.t('failed.subject', { plan }),
    (w) => [
      w.t('failed.declined', { amount: w.money(f.amountCents, c.currency), plan }),
      f.nextRetryAt ? w.t('failed.retry', { date: w.day(f.nextRetryAt) }) : w.t('failed.last'),
    ],
  );
}

export function cardExpiringMail(
  s: MailSettings,
  c: ClientFacts,
  f: { card: MailCard; expires: string; nextChargeAt: Date },
): BillingMail {
  return clientMail(
    s,
    'client_card_expiring',
    c,
    (w) => w.t('expiring.subject'),
    (w) => [
      w.t('expiring.text', {
        card: w.card(f.card),
        expires: f.expires,
        date: w.day(f.nextChargeAt),
      }),
      w.t('expiring.action'),
    ],
  );
}

export function introEndingMail(
  s: MailSettings,
  c: ClientFacts,
  f: { renewalCents: number; startsAt: Date },
): BillingMail {
  const plan = c.planDisplayName;
  return clientMail(
    s,
    'client_intro_ending',
    c,
    (w) => w.t('intro.subject', { plan }),
    (w) => [
      w.t('intro.text', {
        date: w.day(f.startsAt),
        plan,
        price: w.money(f.renewalCents, c.currency),
        cycle: w.cycle(c.billingCycle),
      }),
      w.t('intro.action'),
    ],
  );
}

export function cancellationConfirmedMail(
  s: MailSettings,
  c: ClientFacts,
  f: { endedAt: Date; unpaid: boolean },
): BillingMail {
  const plan = c.planDisplayName;
  return clientMail(
    s,
    'client_cancellation_confirmed',
    c,
    (w) => w.t('ended.subject', { plan }),
    (w) => [
      f.unpaid
        ? w.t('ended.unpaid', { plan, date: w.day(f.endedAt) })
        : w.t('ended.requested', { plan, business: c.businessName, date: w.day(f.endedAt) }),
      w.t('ended.welcome'),
    ],
  );
}

/**
 * Confirms what the client (or the team for them) just changed: a card, a cancellation, a resume,
 * a plan, a refund, a receipt sent again. `subject` and `paragraph` are written with the client's words.
 */
export function billingChangeMail(
  s: MailSettings,
  c: ClientFacts,
  subject: (w: MailWords) => string,
  paragraph: (w: MailWords) => string,
): BillingMail {
  return clientMail(s, 'client_billing_change', c, subject, (w) => [paragraph(w)]);
}

const teamText = (...parts: string[]) => parts.join('\n');

/** The client as the team's e-mails name them: business, owner, address. */
const who = (c: ClientFacts) => `${c.businessName} (${c.ownerName}, ${c.email})`;

/**
 * A renewal failed. The first failure is the moment the client goes past due: that e-mail says so
 * in its subject and kind ('team_past_due'), once per unpaid period; the retries after it are
 * 'team_payment_failed'.
 */
export function teamPaymentFailedMail(
  s: MailSettings,
  c: ClientFacts,
  f: { amountCents: number; attempt: number; nextRetryAt: Date | null },
): BillingMail {
  const pastDue = f.attempt === 1;
  return {
    kind: pastDue ? 'team_past_due' : 'team_payment_failed',
    to: s.teamEmail,
    subject: pastDue
      ? `Past due: ${c.businessName} (${c.planDisplayName})`
      : `Renewal failed: ${c.businessName} (${c.planDisplayName})`,
    text: teamText(
      pastDue
        ? `${who(c)} is past due: the renewal for ${money(f.amountCents, c.currency)} failed.`
        : `The renewal of ${who(c)} for ${money(f.amountCents, c.currency)} failed (attempt ${f.attempt}).`,
      f.nextRetryAt
        ? `Next attempt: ${day(f.nextRetryAt)}.`
        : 'No attempt is left; the subscription is canceled.',
      languageLine(c.locale),
    ),
    html: null,
  };
}

export function teamSubscriptionCanceledMail(
  s: MailSettings,
  c: ClientFacts,
  f: { why: string; endedAt: Date },
): BillingMail {
  return {
    kind: 'team_subscription_canceled',
    to: s.teamEmail,
    subject: `Subscription ended: ${c.businessName} (${c.planDisplayName})`,
    text: teamText(
      `The ${c.planDisplayName} subscription of ${c.businessName} (${c.ownerName}, ${c.email}) ended on ${day(f.endedAt)}.`,
      `Why: ${f.why}`,
      languageLine(c.locale),
    ),
    html: null,
  };
}

/** The client (or the team for them) canceled: the subscription ends with the period. */
export function teamCancellationMail(
  s: MailSettings,
  c: ClientFacts,
  f: { by: 'client' | 'team'; reason: string | null; endsAt: Date },
): BillingMail {
  return {
    kind: 'team_cancellation_scheduled',
    to: s.teamEmail,
    subject: `Canceled: ${c.businessName} (${c.planDisplayName}), ends ${day(f.endsAt)}`,
    text: teamText(
      `${who(c)} canceled the ${c.planDisplayName} plan${f.by === 'team' ? ' (through the team)' : ''}. It ends on ${day(f.endsAt)}; nothing more is charged.`,
      `Reason: ${f.reason ?? '(none given)'}`,
      languageLine(c.locale),
    ),
    html: null,
  };
}

/** A plan change: an upgrade made now, a downgrade waiting for the renewal, or a waiting downgrade undone. */
export function teamPlanChangeMail(
  s: MailSettings,
  c: ClientFacts,
  f:
    | { kind: 'upgrade'; to: string; chargedCents: number }
    | { kind: 'downgrade'; to: string; at: Date }
    | { kind: 'undone'; to: string },
): BillingMail {
  const from = c.planDisplayName;
  const line =
    f.kind === 'upgrade'
      ? `${who(c)} upgraded from ${from} to ${f.to} today (charged ${money(f.chargedCents, c.currency)} now).`
      : f.kind === 'downgrade'
        ? `${who(c)} moves from ${from} to ${f.to} at the renewal on ${day(f.at)}.`
        : `${who(c)} stays on ${from}: the change to ${f.to} waiting for the renewal is undone.`;
  return {
    kind: 'team_plan_changed',
    to: s.teamEmail,
    subject:
      f.kind === 'undone'
        ? `Plan change undone: ${c.businessName} stays on ${from}`
        : `Plan change: ${c.businessName}, ${from} → ${f.to}`,
    text: teamText(line, languageLine(c.locale)),
    html: null,
  };
}
