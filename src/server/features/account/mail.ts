import { BILLING_LINK_TOKEN_PARAM } from '../../../contract/billing/billing.js';
import type { Locale } from '../../../contract/site/routes.js';
import { mailWords, type MailSettings } from '../notifications/index.js';

/** The billing page's sign-in link (kind client_billing_link), to the registration's own address, in its language. */
export function billingLinkMail(
  settings: MailSettings,
  r: {
    email: string;
    ownerName: string;
    businessName: string;
    language: Locale;
    url: string;
    minutes: number;
  },
) {
  const w = mailWords(r.language);
  // The link signs the client in: the outbox and the log show it redacted (docs/decisions/023).
  const token = new URL(r.url).searchParams.get(BILLING_LINK_TOKEN_PARAM);
  return {
    kind: 'client_billing_link',
    secrets: token ? [token] : [],
    to: r.email,
    subject: w.t('billingLink.subject', { site: settings.siteName }),
    text: [
      w.t('mail.hello', { name: r.ownerName }),
      '',
      w.t('billingLink.text', { business: r.businessName }),
      '',
      r.url,
      '',
      w.t('billingLink.once', { minutes: r.minutes }),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ].join('\n'),
  };
}
