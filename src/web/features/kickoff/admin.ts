/** What only the admin area uses of kickoff: the applications dashboard's contact figure. */
export { ContactRateCard } from './contact-rate-card';
