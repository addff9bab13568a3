/** Plans: the offer on the landing page and checkout, and their editing in settings. */
export { usePlans } from './api';
export { PlanFeatures, PlanPrice, priceStory } from './plan-features';
export { PlansSection } from './plans-section';
