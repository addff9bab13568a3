import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AVAILABILITY_LABELS,
  availabilityInput,
  BOOKING_LABELS,
  bookConsultation,
  bookingInput,
  cancelConsultation,
  consultationSettingsInput,
  getAccountConsultation,
  getClientConsultation,
  getMyAvailability,
  listConsultationSlots,
  rescheduleConsultation,
  saveConsultationSettings,
  saveMyAvailability,
  SETTINGS_LABELS,
  SLOTS_LABELS,
  slotsQuery,
} from '../../../contract/consultations/consultations.js';
import { clientError } from '../../http/errors.js';
import { requireOwner } from '../../http/guard.js';
import { route } from '../../http/route.js';
import type { ConsultationService } from './service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Settings → Availability and the client's record: behind the employee guard. */
export async function consultationAdminRoutes(
  app: FastifyInstance,
  options: { consultations: ConsultationService },
): Promise<void> {
  const { consultations } = options;
  const me = (request: FastifyRequest) => request.employee!.id;
  route(app, getMyAvailability, {}, async (_input, request) =>
    consultations.myAvailability(me(request)),
  );
  route(
    app,
    saveMyAvailability,
    { body: availabilityInput, labels: AVAILABILITY_LABELS },
    async ({ body }, request) => {
      request.activity = { action: 'update', subject: 'consultation availability' };
      return consultations.saveAvailability(me(request), body);
    },
  );
  route(
    app,
    saveConsultationSettings,
    { body: consultationSettingsInput, labels: SETTINGS_LABELS },
    async ({ body }, request) => {
      requireOwner(request);
      request.activity = { action: 'update', subject: 'consultation settings', detail: body };
      return consultations.saveSettings(me(request), body);
    },
  );
  route(app, getClientConsultation, {}, async ({ params }) => {
    const id = params.id ?? '';
    if (!UUID.test(id)) throw clientError(404, 'business_not_found');
    return consultations.forClient(id);
  });
}

/** Reads the billing session's token from the cookie `name` (the account feature's names). */

/**
 * The client's booking, under /api/account (the billing session's cookie path): signed in as
 * that client the way the billing page is, or 401 before the body is read.
 */
export async function consultationClientRoutes(
  app: FastifyInstance,
  options: {
    consultations: ConsultationService;
    /** The billing session's check (the account feature's accountSessionHook). */
    clientSession: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const { consultations } = options;
  app.addHook('onRequest', options.clientSession);
  const who = (request: FastifyRequest) => request.accountRegistrationId!;

  route(app, getAccountConsultation, {}, async (_input, request) =>
    consultations.current(who(request)),
  );
  route(
    app,
    listConsultationSlots,
    { query: slotsQuery, labels: SLOTS_LABELS },
    async ({ query }) => consultations.freeSlots(query),
  );
  route(
    app,
    bookConsultation,
    { body: bookingInput, labels: BOOKING_LABELS },
    async ({ body }, request, reply) => {
      const booked = await consultations.book(who(request), new Date(body.startsAt), body.timeZone);
      reply.status(201);
      return booked;
    },
  );
  route(
    app,
    rescheduleConsultation,
    { body: bookingInput, labels: BOOKING_LABELS },
    async ({ body }, request) =>
      consultations.reschedule(who(request), new Date(body.startsAt), body.timeZone),
  );
  route(app, cancelConsultation, {}, async (_input, request) => {
    await consultations.cancel(who(request));
    return { ok: true as const };
  });
}
