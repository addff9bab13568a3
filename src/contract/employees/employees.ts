import * as z from 'zod/mini';
import type { Endpoint } from '../lib/endpoint.js';

export const EMPLOYEE_ROLES = ['owner', 'staff'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export const newEmployeeInput = z.object({
  email: z
    .string('Email is required')
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email must be at most 254 characters'),
      z.email('Enter a valid email address, like name@example.com'),
    ),
  name: z
    .string('Name is required')
    .check(
      z.trim(),
      z.minLength(1, 'Name is required'),
      z.maxLength(120, 'Name must be at most 120 characters'),
    ),
  password: z
    .string('Password is required')
    .check(
      z.minLength(12, 'The password must be at least 12 characters long.'),
      z.maxLength(128, 'The password must be at most 128 characters long.'),
    ),
  role: z._default(z.enum(EMPLOYEE_ROLES, 'Role must be owner or staff'), 'staff'),
});
export type NewEmployeeInput = z.output<typeof newEmployeeInput>;

export const employeeUpdateInput = z
  .object({
    role: z.optional(z.enum(EMPLOYEE_ROLES, 'Role must be owner or staff')),
    disabled: z.optional(z.boolean('Disabled must be true or false')),
    /** The billing permission of a staff account (owners always have it). */
    billing: z.optional(z.boolean('Billing must be true or false')),
  })
  .check(
    z.refine(
      (v) => v.role !== undefined || v.disabled !== undefined || v.billing !== undefined,
      'Send a role, disabled or billing to change.',
    ),
  );
export type EmployeeUpdateInput = z.output<typeof employeeUpdateInput>;

/** Permissions a route may need beyond being an employee (docs/decisions/023). */
export type EmployeePermission = 'billing';
/** Owners always have the billing permission; staff when an owner granted it. */
export const hasBilling = (e: {
  role?: string | null | undefined;
  billing?: boolean | null | undefined;
}) => e.role === 'owner' || e.billing === true;
export const BILLING_PERMISSION_MESSAGE =
  'You need the billing permission for this. Ask an owner to grant it in Settings → Employees.';

export interface EmployeeSummary {
  id: string;
  email: string;
  name: string;
  role: EmployeeRole;
  disabled: boolean;
  /** May refund, cancel for a client and change plans: every owner, and staff an owner granted it to. */
  billing: boolean;
  twoFactorEnabled: boolean;
  /** 'password' and/or 'sso'. */
  signInMethods: string[];
  createdAt: string;
}

/** `GET /api/auth/user`: the signed-in employee. */
export interface CurrentEmployee {
  id: string;
  email: string;
  name: string;
  role: EmployeeRole;
  /** The billing permission (docs/decisions/023): refunds, cancelling for a client, plans and prices. */
  billing: boolean;
  twoFactorEnabled: boolean;
}

// Managing employees (owners only).
export const listEmployees: Endpoint<EmployeeSummary[]> = { method: 'GET', path: '/api/employees' };
export const addEmployee: Endpoint<{ id: string }, NewEmployeeInput> = {
  method: 'POST',
  path: '/api/employees',
};
export const updateEmployee: Endpoint<undefined, EmployeeUpdateInput> = {
  method: 'PATCH',
  path: '/api/employees/:id',
};
export const removeEmployee: Endpoint<undefined> = { method: 'DELETE', path: '/api/employees/:id' };
