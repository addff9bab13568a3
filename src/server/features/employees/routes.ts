import type { FastifyInstance } from 'fastify';
import {
  addEmployee,
  employeeUpdateInput,
  listEmployees,
  newEmployeeInput,
  removeEmployee,
  updateEmployee,
} from '../../../contract/employees/employees.js';
import { requireOwner } from '../../http/guard.js';
import { route } from '../../http/route.js';
import type { EmployeeService } from './service.js';

const LABELS = {
  email: 'Email',
  name: 'Name',
  password: 'Password',
  role: 'Role',
  disabled: 'Disabled',
};

/** Owners add, disable and remove employees (registered through the employee guard). */
export async function employeeRoutes(
  app: FastifyInstance,
  options: { employees: EmployeeService },
): Promise<void> {
  const { employees } = options;

  route(app, listEmployees, {}, async (_input, request) => {
    requireOwner(request);
    return employees.list();
  });

  route(
    app,
    addEmployee,
    { body: newEmployeeInput, labels: LABELS },
    async ({ body: input }, request, reply) => {
      requireOwner(request);
      const created = await employees.add(input);
      request.activity = {
        action: 'create',
        subject: 'employee',
        detail: { id: created.id, email: input.email, role: input.role },
      };
      reply.status(201);
      return created;
    },
  );

  const patchInput = { body: employeeUpdateInput, labels: LABELS };
  route(app, updateEmployee, patchInput, async ({ body: patch, params }, request, reply) => {
    const actor = requireOwner(request);
    await employees.update(actor, params.id!, patch);
    request.activity = {
      action: 'update',
      subject: 'employee',
      detail: { id: params.id, ...patch },
    };
    return reply.status(204).send();
  });

  route(app, removeEmployee, {}, async ({ params }, request, reply) => {
    const actor = requireOwner(request);
    const removed = await employees.remove(actor, params.id!);
    request.activity = {
      action: 'delete',
      subject: 'employee',
      detail: { id: params.id, email: removed.email },
    };
    return reply.status(204).send();
  });
}
