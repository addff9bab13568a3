import { day, money, type MailSettings } from '../notifications/index.js';

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
  /** Absolute URL of the billing page. */
  accountUrl: string;
}

export { day, money };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One message from paragraphs: the text joins them; the HTML escapes each and adds a button to the billing page. */
function clientMail(settings: MailSettings, kind: string, c: ClientFacts, subject: string, paragraphs: string[]): BillingMail {
  const closing = [`Questions? Write to ${settings.supportEmail}.`, settings.siteName];
  const text = [`Hello ${c.ownerName},`, ...paragraphs, `Your billing page: ${c.accountUrl}`, ...closing].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">',
    p(`Hello ${c.ownerName},`),
    ...paragraphs.map(p),
    `<p style="margin:16px 0"><a href="${escapeHtml(c.accountUrl)}" style="background:#1e3a8a;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your billing page</a></p>`,
    ...closing.map(p),
    '</div>',
  ].join('');
  return { kind, to: c.email, subject, text, html };
}

export function renewalReceiptMail(
  s: MailSettings,
  c: ClientFacts,
  r: { amountCents: number; invoiceNumber: string; periodEnd: Date; card: string },
): BillingMail {
  return clientMail(s, 'client_renewal_receipt', c, `Your ${c.planDisplayName} subscription was renewed`, [
    `we charged ${money(r.amountCents, c.currency)} to your ${r.card} for another ${c.billingCycle} of ${c.planDisplayName} for ${c.businessName}.`,
    `Invoice ${r.invoiceNumber}. Your plan now runs until ${day(r.periodEnd)}.`,
  ]);
}

export function paymentFailedMail(s: MailSettings, c: ClientFacts, f: { amountCents: number; nextRetryAt: Date | null }): BillingMail {
  return clientMail(s, 'client_payment_failed', c, `Your ${c.planDisplayName} payment did not go through`, [
    `we could not charge ${money(f.amountCents, c.currency)} for ${c.planDisplayName}: your card was declined.`,
    f.nextRetryAt
      ? `We will try again on ${day(f.nextRetryAt)}. To keep your plan, update your card on your billing page before then.`
      : 'This was our last attempt.',
  ]);
}

export function cardExpiringMail(s: MailSettings, c: ClientFacts, f: { card: string; expires: string; nextChargeAt: Date }): BillingMail {
  return clientMail(s, 'client_card_expiring', c, 'Your card on file is about to expire', [
    `your ${f.card} expires at the end of ${f.expires}, before your next payment on ${day(f.nextChargeAt)}.`,
    'Please add a new card on your billing page so that your plan keeps running.',
  ]);
}

export function introEndingMail(s: MailSettings, c: ClientFacts, f: { renewalCents: number; startsAt: Date }): BillingMail {
  return clientMail(s, 'client_intro_ending', c, `Your ${c.planDisplayName} introductory price ends soon`, [
    `From ${day(f.startsAt)} your ${c.planDisplayName} plan costs ${money(f.renewalCents, c.currency)} per ${c.billingCycle}.`,
    'Nothing to do if that suits you; you can change or cancel your plan on your billing page.',
  ]);
}

export function cancellationConfirmedMail(s: MailSettings, c: ClientFacts, f: { endedAt: Date; unpaid: boolean }): BillingMail {
  return clientMail(s, 'client_cancellation_confirmed', c, `Your ${c.planDisplayName} subscription has ended`, [
    f.unpaid
      ? `we could not collect the payment for ${c.planDisplayName} after several attempts, so your subscription ended on ${day(f.endedAt)}.`
      : `as requested, your ${c.planDisplayName} subscription for ${c.businessName} ended on ${day(f.endedAt)}. No further payments will be taken.`,
    'You are welcome back at any time.',
  ]);
}

/** Confirms what the client (or the team for them) just changed: a card, a cancellation, a resume, a plan. */
export function billingChangeMail(s: MailSettings, c: ClientFacts, subject: string, what: string): BillingMail {
  return clientMail(s, 'client_billing_change', c, subject, [what]);
}

const teamText = (...parts: string[]) => parts.join('\n');

export function teamPaymentFailedMail(s: MailSettings, c: ClientFacts, f: { amountCents: number; attempt: number; nextRetryAt: Date | null }): BillingMail {
  return {
    kind: 'team_payment_failed',
    to: s.teamEmail,
    subject: `Renewal failed: ${c.businessName} (${c.planDisplayName})`,
    text: teamText(
      `The renewal of ${c.businessName} (${c.ownerName}, ${c.email}) for ${money(f.amountCents, c.currency)} failed (attempt ${f.attempt}).`,
      f.nextRetryAt ? `Next attempt: ${day(f.nextRetryAt)}.` : 'No attempt is left; the subscription is canceled.',
    ),
    html: null,
  };
}

export function teamSubscriptionCanceledMail(s: MailSettings, c: ClientFacts, f: { why: string; endedAt: Date }): BillingMail {
  return {
    kind: 'team_subscription_canceled',
    to: s.teamEmail,
    subject: `Subscription ended: ${c.businessName} (${c.planDisplayName})`,
    text: teamText(`The ${c.planDisplayName} subscription of ${c.businessName} (${c.ownerName}, ${c.email}) ended on ${day(f.endedAt)}.`, `Why: ${f.why}`),
    html: null,
  };
}
