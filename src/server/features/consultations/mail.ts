import { INTL_LOCALES } from '../../../contract/lib/locale-format.js';
import type { Locale } from '../../../contract/site/routes.js';
import { mailWords, type MailSettings, type OutgoingMail } from '../notifications/index.js';
import { invitationAttachment } from './invitation.js';

export type ConsultationEvent = 'booked' | 'rescheduled' | 'cancelled' | 'reminder24' | 'reminder1';

export interface ConsultationMailFacts {
  event: ConsultationEvent;
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** The time before a reschedule, for the host's e-mail. */
  previousStartsAt?: Date | null;
  client: {
    name: string;
    business: string;
    email: string;
    language: Locale;
    timeZone: string;
  };
  host: { name: string; email: string; timeZone: string };
  /** Until when the client may still reschedule or cancel. */
  changeableUntil: Date;
  /** The billing page's booking section, absolute. */
  pageUrl: string;
}

/** 'Tuesday, November 2, 2027 at 9:00 AM' in the language and zone given. */
export function when(instant: Date, locale: Locale | 'en', timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(instant);
}

/** The client's message ids of each e-mail, written out so the catalog test finds them. */
const CLIENT_TEXTS = {
  booked: ['consultation.booked.subject', 'consultation.booked.body'],
  rescheduled: ['consultation.rescheduled.subject', 'consultation.rescheduled.body'],
  cancelled: ['consultation.cancelled.subject', 'consultation.cancelled.body'],
  reminder: ['consultation.reminder.subject', 'consultation.reminder.body'],
} as const;

const lines = (...parts: (string | null | false | undefined)[]) =>
  parts.filter((p) => p !== null && p !== false && p !== undefined).join('\n');

/** The client's e-mail (their language, their zone) and the host's (English, the host's zone). */
export function consultationMails(
  settings: MailSettings,
  f: ConsultationMailFacts,
): OutgoingMail[] {
  const w = mailWords(f.client.language);
  const clientWhen = when(f.startsAt, f.client.language, f.client.timeZone);
  const hostWhen = when(f.startsAt, 'en', f.host.timeZone);
  const reminder = f.event === 'reminder24' || f.event === 'reminder1';
  const cancelled = f.event === 'cancelled';
  const invitation = reminder
    ? null
    : invitationAttachment({
        uid: f.uid,
        sequence: f.sequence,
        startsAt: f.startsAt,
        endsAt: f.endsAt,
        summary: `${settings.siteName}: consultation with ${f.client.business}`,
        description: `Consultation of ${f.client.business} (${f.client.name}) with ${f.host.name}.`,
        organizer: { name: f.host.name, email: f.host.email },
        attendees: [{ name: f.client.name, email: f.client.email }],
        cancelled,
        siteName: settings.siteName,
      });
  const attachments = invitation ? [invitation] : undefined;
  const kindPart = reminder
    ? 'reminder'
    : (f.event as Exclude<ConsultationEvent, 'reminder24' | 'reminder1'>);
  const values = {
    when: clientWhen,
    zone: f.client.timeZone,
    host: f.host.name,
    site: settings.siteName,
  };
  const client: OutgoingMail = {
    kind: `client_consultation_${kindPart}`,
    to: f.client.email,
    subject: w.t(CLIENT_TEXTS[kindPart][0], values),
    text: lines(
      w.t('mail.hello', { name: f.client.name }),
      '',
      w.t(CLIENT_TEXTS[kindPart][1], values),
      invitation && w.t('consultation.invitation'),
      '',
      cancelled
        ? w.t('consultation.bookAgain', { url: f.pageUrl })
        : w.t('consultation.change', {
            until: when(f.changeableUntil, f.client.language, f.client.timeZone),
            url: f.pageUrl,
          }),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ),
    attachments,
  };
  const who = `${f.client.business} (${f.client.name}, ${f.client.email})`;
  const hostSubject: Record<ConsultationEvent, string> = {
    booked: `Consultation booked: ${f.client.business}, ${hostWhen}`,
    rescheduled: `Consultation moved: ${f.client.business}, now ${hostWhen}`,
    cancelled: `Consultation cancelled: ${f.client.business}, ${hostWhen}`,
    reminder24: `Tomorrow: consultation with ${f.client.business}, ${hostWhen}`,
    reminder1: `In an hour: consultation with ${f.client.business}, ${hostWhen}`,
  };
  const host: OutgoingMail = {
    kind: `team_consultation_${kindPart}`,
    to: f.host.email,
    subject: hostSubject[f.event],
    text: lines(
      `Hello ${f.host.name},`,
      '',
      f.event === 'booked' &&
        `${who} booked a consultation with you on ${hostWhen} (${f.host.timeZone}).`,
      f.event === 'rescheduled' &&
        `${who} moved their consultation with you to ${hostWhen} (${f.host.timeZone})${f.previousStartsAt ? `, from ${when(f.previousStartsAt, 'en', f.host.timeZone)}` : ''}.`,
      cancelled &&
        `${who} cancelled their consultation with you on ${hostWhen} (${f.host.timeZone}).`,
      reminder && `Your consultation with ${who} starts ${hostWhen} (${f.host.timeZone}).`,
      `The client's time zone: ${f.client.timeZone}. ${f.client.language === 'es' ? 'Language: Spanish (call and write in Spanish)' : 'Language: English'}`,
      invitation && 'The calendar invitation is attached.',
      '',
      settings.siteName,
    ),
    attachments,
  };
  return [client, host];
}
