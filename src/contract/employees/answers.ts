import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import {
  addEmployee,
  EMPLOYEE_ROLES,
  listEmployees,
  removeEmployee,
  updateEmployee,
  type EmployeeSummary,
} from './employees.js';

const employeeSummary: z.ZodMiniType<EmployeeSummary> = z.strictObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(EMPLOYEE_ROLES),
  disabled: z.boolean(),
  billing: z.boolean(),
  twoFactorEnabled: z.boolean(),
  signInMethods: z.array(z.string()),
  createdAt: isoTime(),
});

export const answers = [
  answer(listEmployees, z.array(employeeSummary)),
  answer(addEmployee, z.strictObject({ id: z.string() })),
  answer(updateEmployee, null),
  answer(removeEmployee, null),
];
