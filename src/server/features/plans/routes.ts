import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  planUpdateInput,
  updatePlan as updatePlanEndpoint,
} from '../../../contract/plans/admin.js';
import { listPlans } from '../../../contract/plans/list.js';
import type { Db } from '../../db/client.js';
import { serialIdParam } from '../../db/ids.js';
import { route } from '../../http/route.js';
import type { SerialisedJson } from '../../lib/cached-json.js';
import { updatePlan, type PlanCatalogue } from './service.js';

function sendPlans(
  request: FastifyRequest,
  reply: FastifyReply,
  plans: SerialisedJson,
): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8').header('etag', plans.etag);
  // A returning visitor's browser revalidates (the route answers no-cache) and gets a bodiless 304 while nothing changed.
  if (request.headers['if-none-match'] === plans.etag) return reply.code(304).send();
  return reply.send(plans.body);
}

export async function planRoutes(
  app: FastifyInstance,
  options: { catalogue: PlanCatalogue },
): Promise<void> {
  // The landing page's busiest call: the serialised list is nearly always at hand, so it goes out
  // as ready bytes without waiting on a promise (docs/decisions/012-containers-load-and-api-throughput.md).
  route(app, listPlans, { cache: 'no-cache' }, (_input, request, reply) => {
    const plans = options.catalogue.now();
    if (plans) return sendPlans(request, reply, plans);
    return options.catalogue.serialised().then((loaded) => sendPlans(request, reply, loaded));
  });
}

/**
 * Editing plans in settings (registered through the guard). A plan is what clients pay: changing
 * it needs the billing permission, like refunds (docs/decisions/023).
 */
export async function planAdminRoutes(
  app: FastifyInstance,
  options: { db: Db; catalogue: PlanCatalogue },
): Promise<void> {
  const labels = {
    displayName: 'Name',
    description: 'Description',
    price: 'Price',
    billingCycle: 'Billing cycle',
    features: 'Features',
    descriptionEs: 'Spanish description',
    featuresEs: 'Spanish features',
    renewalPrice: 'Renewal price',
    mostPopular: 'Most Popular',
  };
  route(
    app,
    updatePlanEndpoint,
    { body: planUpdateInput, labels, config: { permission: 'billing' } },
    async ({ body, params }, request) => {
      const plan = await updatePlan(options.db, serialIdParam(params.id!), body);
      options.catalogue.invalidate();
      request.activity = {
        action: 'update',
        subject: 'plan',
        detail: { id: plan.id, name: plan.name, price: plan.price },
      };
      return plan;
    },
  );
}
