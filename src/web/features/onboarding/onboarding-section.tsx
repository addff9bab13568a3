import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { loadOnboardingMessages } from './messages';

/** The form and its words, fetched together when the section first shows (not with the billing page). */
const Onboarding = lazy(() =>
  Promise.all([import('./onboarding-body'), loadOnboardingMessages()]).then(([module]) => module),
);

/**
 * The billing page's 'Tell us about your business' (issue 29 §3), for a signed-in client: the
 * form, or what was sent once it was submitted.
 */
export function OnboardingSection() {
  return (
    <section className="mt-10">
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <Onboarding />
      </Suspense>
    </section>
  );
}
