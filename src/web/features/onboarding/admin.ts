/** What the admin area shows of a client's onboarding (the Clients dialog). */
export { OnboardingBlock } from './onboarding-block';
