/** Employee sign-in, what the admin area needs; kept out of the index so the landing page never loads it. */
export { EMPLOYEE_QUERY_KEY, useEmployee, useSignOut } from './admin-api';
export { TwoFactorCard } from './two-factor-card';
export { SecondFactorForm } from './second-factor-form';
