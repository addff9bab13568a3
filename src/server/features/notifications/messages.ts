import { formatCents } from '../../../contract/money.js';
import type { MailMessage } from '../../adapters/mail/index.js';

export interface MailSettings {
  siteName: string;
  teamEmail: string;
  supportEmail: string;
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
}

const lines = (...parts: (string | null | false | undefined)[]) => parts.filter((p) => p !== null && p !== false && p !== undefined).join('\n');
/** Money and days as every e-mail writes them: '$299.00', '2026-11-24'. */
export const money = formatCents;
export const day = (date: Date) => date.toISOString().slice(0, 10);

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
      `Business type: ${r.businessType}`,
      `Registration: ${r.id}`,
    ),
  };
}

interface CheckoutLinkFacts {
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
  return {
    kind: 'client_checkout_link',
    to: r.email,
    subject: `Finish your ${r.planDisplayName} sign-up with ${settings.siteName}`,
    text: lines(
      `Hello ${r.ownerName},`,
      '',
      `thank you for registering ${r.businessName} with ${settings.siteName}.`,
      `To finish your ${r.planDisplayName} sign-up (${money(r.priceCents, r.currency)} per ${r.billingCycle}), pay here:`,
      '',
      r.checkoutUrl,
      '',
      'The link works on any device until you have paid.',
      `Questions? Write to ${settings.supportEmail}.`,
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
  paidAt: Date;
  renewal: { priceCents: number; startsAt: Date } | null;
  card: string | null;
  registration: { id: string; businessName: string; ownerName: string; email: string } | null;
}

/** The team's notice and, when we know who paid, the client's receipt. */
export function paymentMails(settings: MailSettings, p: PaymentFacts): Outgoing[] {
  const amount = money(p.amountCents, p.currency);
  const who = p.registration ? `${p.registration.businessName} (${p.registration.ownerName}, ${p.registration.email})` : 'A visitor without a registration';
  const team: Outgoing = {
    kind: 'team_payment_received',
    to: settings.teamEmail,
    subject: `Payment received: ${amount} for ${p.planDisplayName}`,
    text: lines(
      `${who} paid ${amount} for the ${p.planDisplayName} plan on ${day(p.paidAt)}.`,
      'Contact the client within 24 hours to schedule the consultation.',
      '',
      `Payment: ${p.providerPaymentId}`,
      p.registration && `Registration: ${p.registration.id}`,
    ),
  };
  if (!p.registration) return [team];
  const receipt: Outgoing = {
    kind: 'client_receipt',
    to: p.registration.email,
    subject: `Your receipt from ${settings.siteName}`,
    text: lines(
      `Hello ${p.registration.ownerName},`,
      '',
      `thank you for your purchase. Your ${p.planDisplayName} subscription for ${p.registration.businessName} is now active.`,
      '',
      `Amount paid: ${amount} (${p.planDisplayName}, billed per ${p.billingCycle})`,
      p.card && `Card: ${p.card}`,
      `Date: ${day(p.paidAt)}`,
      `Reference: ${p.providerPaymentId}`,
      p.renewal && `From ${day(p.renewal.startsAt)} the price is ${money(p.renewal.priceCents, p.currency)} per ${p.billingCycle}.`,
      '',
      'Our team will contact you within 24 hours to schedule your consultation.',
      `Questions? Write to ${settings.supportEmail}.`,
      '',
      settings.siteName,
    ),
  };
  return [team, receipt];
}
