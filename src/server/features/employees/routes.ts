import type { FastifyInstance } from 'fastify';
import { employeeUpdateInput, newEmployeeInput } from '../../../contract/employees/employees.js';
import { requireOwner } from '../../http/guard.js';
import { parseInput } from '../../http/validate.js';
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

  app.get('/api/employees', async (request, reply) => {
    requireOwner(request);
    reply.header('cache-control', 'no-store');
    return employees.list();
  });

  app.post('/api/employees', async (request, reply) => {
    requireOwner(request);
    const input = parseInput(newEmployeeInput, request.body, LABELS);
    const created = await employees.add(input);
    request.activity = {
      action: 'create',
      subject: 'employee',
      detail: { id: created.id, email: input.email, role: input.role },
    };
    return reply.status(201).send(created);
  });

  app.patch<{ Params: { id: string } }>('/api/employees/:id', async (request, reply) => {
    const actor = requireOwner(request);
    const patch = parseInput(employeeUpdateInput, request.body, LABELS);
    await employees.update(actor, request.params.id, patch);
    request.activity = {
      action: 'update',
      subject: 'employee',
      detail: { id: request.params.id, ...patch },
    };
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/employees/:id', async (request, reply) => {
    const actor = requireOwner(request);
    const removed = await employees.remove(actor, request.params.id);
    request.activity = {
      action: 'delete',
      subject: 'employee',
      detail: { id: request.params.id, email: removed.email },
    };
    return reply.status(204).send();
  });
}
