/** Applications: the dashboard with revenue (an admin section) and their management in settings. */
export { ApplicationsCard, CreateApplicationCard } from './applications-card';
export { formatMoney } from './format';
