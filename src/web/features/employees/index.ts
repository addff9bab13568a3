/** Employees: an owner adds, promotes, disables and removes them in settings. */
export { EmployeesCard } from './employees-card';
