/** E-mail: the messages the product sends and the outbox that delivers them once. */
export { newRegistrationMail, paymentMails, type MailSettings } from './messages.js';
export { enqueueMail } from './outbox.js';
