import type { FastifyInstance } from 'fastify';
import { planUpdateInput } from '../../../contract/plan-admin.js';
import type { Db } from '../../db/client.js';
import { parseInput } from '../../http/validate.js';
import { updatePlan, type PlanCatalogue } from './service.js';

export async function planRoutes(app: FastifyInstance, options: { catalogue: PlanCatalogue }): Promise<void> {
  app.get('/api/subscription-plans', async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache');
    return options.catalogue.json();
  });
}

/** Editing plans in settings (employees only: registered through the guard). */
export async function planAdminRoutes(app: FastifyInstance, options: { db: Db; catalogue: PlanCatalogue }): Promise<void> {
  const labels = { displayName: 'Name', description: 'Description', price: 'Price', billingCycle: 'Billing cycle', features: 'Features', renewalPrice: 'Renewal price', mostPopular: 'Most Popular' };
  app.put<{ Params: { id: string } }>('/api/subscription-plans/:id', async (request) => {
    const plan = await updatePlan(options.db, Number(request.params.id), parseInput(planUpdateInput, request.body, labels));
    options.catalogue.invalidate();
    request.activity = { action: 'update', subject: 'plan', detail: { id: plan.id, name: plan.name, price: plan.price } };
    return plan;
  });
}
