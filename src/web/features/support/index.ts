/** The client's support on the billing page: what screens/account composes ('Get help'). */
export { SupportSection } from './lazy-section';
