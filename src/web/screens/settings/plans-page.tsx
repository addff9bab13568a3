import { PlansCard } from '../../features/plans/admin';

/** Settings → Plans: what the landing page and checkout offer. */
export default function PlansSettings() {
  return <PlansCard />;
}
