import type { MailSettings } from '../notifications/index.js';

/** The billing page's sign-in link (kind client_billing_link), to the registration's own address. */
export function billingLinkMail(settings: MailSettings, r: { email: string; ownerName: string; businessName: string; url: string; minutes: number }) {
  return {
    kind: 'client_billing_link',
    to: r.email,
    subject: `Your sign-in link for ${settings.siteName}`,
    text: [
      `Hello ${r.ownerName},`,
      '',
      `here is your link to the billing page of ${r.businessName}: your plan, card and invoices.`,
      '',
      r.url,
      '',
      `The link works once, for ${r.minutes} minutes. If you did not ask for it, ignore this e-mail.`,
      `Questions? Write to ${settings.supportEmail}.`,
      '',
      settings.siteName,
    ].join('\n'),
  };
}
