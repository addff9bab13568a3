import { FaqCard } from '../../features/faq/admin';
import { PlansCard } from '../../features/plans/admin';

/** Settings → Plans: what the landing page and checkout offer, and the questions answered under them. */
export default function PlansSettings() {
  return (
    <div className="grid gap-6">
      <PlansCard />
      <FaqCard />
    </div>
  );
}
