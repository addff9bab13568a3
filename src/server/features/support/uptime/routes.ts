import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getClientSiteMonitor,
  getMySiteUptime,
  removeClientSiteMonitor,
  setClientSiteMonitor,
  SITE_MONITOR_LABELS,
  siteMonitorInput,
} from '../../../../contract/support/uptime.js';
import { route } from '../../../http/route.js';
import type { UptimeService } from './service.js';

/** The client's record: the launched website being watched (employees only, behind the guard). */
export async function uptimeAdminRoutes(
  app: FastifyInstance,
  options: { uptime: UptimeService },
): Promise<void> {
  const { uptime } = options;
  route(app, getClientSiteMonitor, {}, async ({ params }) => ({
    site: await uptime.forRecord(params.id ?? ''),
  }));
  route(
    app,
    setClientSiteMonitor,
    { body: siteMonitorInput, labels: SITE_MONITOR_LABELS },
    async ({ body, params }, request) => {
      const site = await uptime.watch(params.id ?? '', body.url);
      // 'Updated site monitor: id → …, url → https://…'.
      request.activity = {
        action: 'update',
        subject: 'site monitor',
        detail: { id: params.id, url: site.url },
      };
      return { site };
    },
  );
  route(app, removeClientSiteMonitor, {}, async ({ params }, request, reply) => {
    await uptime.unwatch(params.id ?? '');
    request.activity = { action: 'delete', subject: 'site monitor', detail: { id: params.id } };
    return reply.status(204).send();
  });
}

/** The client's own site on /account, under the billing session (its cookie path /api/account). */
export async function uptimeClientRoutes(
  app: FastifyInstance,
  options: {
    uptime: UptimeService;
    /** The billing session's check (the account feature's accountSessionHook). */
    clientSession: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  app.addHook('onRequest', options.clientSession);
  route(app, getMySiteUptime, {}, async (_input, request) => ({
    site: await options.uptime.forClient(request.accountRegistrationId!),
  }));
}
