/** E-mail: the messages the product sends and the outbox that delivers them once. */
export { day, mailWords, money, type MailCard, type MailWords } from './messages.js';
export {
  clientCheckoutLinkMail,
  newRegistrationMail,
  paymentMails,
  type MailSettings,
} from './messages.js';
export { enqueueMail, REDACTED, type OutgoingMail } from './outbox.js';
