/** The consultation on the billing page: what screens/account composes (loaded after the page). */
export { ConsultationSection } from './lazy-section';
