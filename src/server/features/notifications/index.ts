/** E-mail: the messages the product sends and the outbox that delivers them once. */
export { day, money } from './messages.js';
export { clientCheckoutLinkMail, newRegistrationMail, paymentMails, type MailSettings } from './messages.js';
export { enqueueMail } from './outbox.js';
