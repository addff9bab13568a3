/** The consultation on the billing page: what screens/account composes. */
export { ConsultationSection } from './consultation-section';
