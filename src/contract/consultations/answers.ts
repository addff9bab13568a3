import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import {
  bookConsultation,
  cancelConsultation,
  getAccountConsultation,
  getClientConsultation,
  getMyAvailability,
  listConsultationSlots,
  rescheduleConsultation,
  saveConsultationSettings,
  saveMyAvailability,
  type AccountConsultation,
  type ClientConsultation,
  type ConsultationSlots,
  type MyAvailability,
  type TeamConsultation,
} from './consultations.js';

const myAvailability: z.ZodMiniType<MyAvailability> = z.strictObject({
  availability: z.nullable(
    z.strictObject({
      timeZone: z.string(),
      weekly: z.array(z.strictObject({ weekday: z.int(), start: z.string(), end: z.string() })),
      daysOff: z.array(z.iso.date()),
    }),
  ),
  settings: z.strictObject({ slotMinutes: z.int(), cutoffHours: z.int() }),
});

const clientConsultation: z.ZodMiniType<ClientConsultation> = z.strictObject({
  id: z.string(),
  startsAt: isoTime(),
  endsAt: isoTime(),
  hostName: z.string(),
  changeableUntil: isoTime(),
});

const accountConsultation: z.ZodMiniType<AccountConsultation> = z.strictObject({
  consultation: z.nullable(clientConsultation),
  canBook: z.boolean(),
  slotMinutes: z.int(),
  cutoffHours: z.int(),
});

const slots: z.ZodMiniType<ConsultationSlots> = z.strictObject({
  timeZone: z.string(),
  slotMinutes: z.int(),
  slots: z.array(isoTime()),
});

const teamConsultation: z.ZodMiniType<{ consultation: TeamConsultation | null }> = z.strictObject({
  consultation: z.nullable(
    z.strictObject({
      id: z.string(),
      uid: z.string(),
      startsAt: isoTime(),
      endsAt: isoTime(),
      status: z.enum(['booked', 'cancelled']),
      host: z.nullable(z.strictObject({ id: z.string(), name: z.string(), email: z.string() })),
      clientTimeZone: z.string(),
      sequence: z.int(),
    }),
  ),
});

export const answers = [
  answer(getMyAvailability, myAvailability),
  answer(saveMyAvailability, myAvailability),
  answer(saveConsultationSettings, myAvailability),
  answer(getClientConsultation, teamConsultation),
  answer(getAccountConsultation, accountConsultation),
  answer(listConsultationSlots, slots),
  answer(bookConsultation, clientConsultation),
  answer(rescheduleConsultation, clientConsultation),
  answer(cancelConsultation, z.strictObject({ ok: z.literal(true) })),
];
