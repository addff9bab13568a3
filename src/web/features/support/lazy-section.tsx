import { lazy, Suspense } from 'react';
import { loadSupportMessages } from './messages';
import { SupportPlaceholder } from './placeholder';

// 'Get help' is fetched with its words after the billing page has shown, so neither the landing
// page's nor the billing page's first load grows (bench:web, bench:account).
const Section = lazy(() =>
  Promise.all([import('./client-support'), loadSupportMessages()]).then(([m]) => ({
    default: m.ClientSupport,
  })),
);

/** 'Get help' on the billing page: the client's support requests and their website's uptime. */
export function SupportSection() {
  return (
    <Suspense fallback={<SupportPlaceholder />}>
      <Section />
    </Suspense>
  );
}
