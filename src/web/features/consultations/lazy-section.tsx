import { lazy, Suspense } from 'react';
import { ConsultationPlaceholder } from './placeholder';

// The booking section is fetched after the billing page has shown, with its own catalog, so the
// page's first load (and its Lighthouse budget) stays as it was.
const Section = lazy(() =>
  import('./consultation-section').then((m) => ({ default: m.ConsultationSection })),
);

/** 'Book your consultation' under the billing view; its room kept while its code is on the way. */
export function ConsultationSection() {
  return (
    <Suspense fallback={<ConsultationPlaceholder />}>
      <Section />
    </Suspense>
  );
}
