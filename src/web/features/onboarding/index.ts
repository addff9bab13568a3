/** The client's onboarding form, for the billing page (screens/account). */
export { OnboardingSection } from './onboarding-section';
