import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { MailAttachment } from '../../adapters/mail/index.js';

export interface InvitationFacts {
  /** The UID every version of this consultation's invitation carries. */
  uid: string;
  /** 0 when booked, one more for each reschedule and for the cancellation. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  cancelled: boolean;
  siteName: string;
}

/**
 * The RFC 5545 invitation of a consultation: METHOD:REQUEST for a booking or a new time (the same
 * UID, a higher SEQUENCE, so calendars move the event), METHOD:CANCEL when it is called off.
 */
export function invitationIcs(facts: InvitationFacts): string {
  const calendar = ical({
    prodId: { company: facts.siteName, product: 'consultations', language: 'EN' },
    method: facts.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: facts.uid,
    sequence: facts.sequence,
    start: facts.startsAt,
    end: facts.endsAt,
    stamp: new Date(),
    summary: facts.summary,
    description: facts.description,
    organizer: facts.organizer,
    attendees: facts.attendees.map((a) => ({
      ...a,
      role: ICalAttendeeRole.REQ,
      status: facts.cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.NEEDSACTION,
      rsvp: !facts.cancelled,
    })),
    status: facts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

export function invitationAttachment(facts: InvitationFacts): MailAttachment {
  const method = facts.cancelled ? 'CANCEL' : 'REQUEST';
  return {
    filename: facts.cancelled ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: invitationIcs(facts),
  };
}
