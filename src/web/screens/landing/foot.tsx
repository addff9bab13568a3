import { FaqSection } from '../../features/faq';
import TeamAccess from './team-access';

/**
 * The foot of the landing page: the FAQ, then the team's sign-in. One chunk loaded after the
 * first load, which had no room left for the FAQ (docs/decisions/033).
 */
export default function LandingFoot() {
  return (
    <>
      <FaqSection />
      <TeamAccess />
    </>
  );
}
