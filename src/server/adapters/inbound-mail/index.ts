import { createMailgunProvider } from './mailgun.js';
import { createPostmarkProvider } from './postmark.js';
import type { InboundMailProvider } from './types.js';

export type { InboundMail, InboundMailProvider, InboundMailRequest } from './types.js';
export { stripReply } from './strip.js';
export { readMailgunForm } from './mailgun.js';

/**
 * The inbound-mail provider the agency uses. `secret` is Postmark's Basic-auth password (user
 * 'postmark', written into the webhook URL) or Mailgun's webhook signing key. `now` is for
 * tests of Mailgun's timestamp window.
 */
export function createInboundMailProvider(config: {
  provider: 'postmark' | 'mailgun';
  secret: string;
  now?: () => Date;
}): InboundMailProvider {
  return config.provider === 'postmark'
    ? createPostmarkProvider(config.secret)
    : createMailgunProvider(config.secret, config.now);
}
