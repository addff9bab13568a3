import type { FastifyBaseLogger } from 'fastify';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { Db } from '../../db/client.js';
import type { ConsultationService } from './service.js';

/**
 * Reminders 24 hours and 1 hour before each consultation: checked every five minutes, once
 * across instances; each reminder is also claimed on its row, so none goes out twice.
 */
export function createReminderJob(options: {
  db: Db;
  consultations: Pick<ConsultationService, 'sendDueReminders'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  return runOnceAcrossInstances({
    db: options.db,
    name: 'consultation-reminders',
    everyMs: options.intervalMs ?? 5 * 60_000,
    run: async () => {
      const sent = await options.consultations.sendDueReminders();
      if (sent > 0)
        options.log.info({ consultationReminders: sent }, 'consultation reminders queued');
    },
    onError: (error) => options.log.error({ err: error }, 'consultation reminders failed'),
  });
}
