/** What the admin area needs of plans; kept out of the index so the landing page never loads it. */
export { PlansCard } from './plans-card';
