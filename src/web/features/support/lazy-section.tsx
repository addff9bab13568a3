import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadSupportMessages } from './messages';
import { SupportPlaceholder } from './placeholder';

// 'Get help' is fetched with its words after the billing page has shown, so neither the landing
// page's nor the billing page's first load grows (bench:web, bench:account).
const Section = lazy(() =>
  Promise.all([import('./client-support'), loadSupportMessages()]).then(([m]) => ({
    default: m.ClientSupport,
  })),
);

/**
 * Whether the section should load: at once when the address asks for it (#support, as the
 * e-mails link) or without IntersectionObserver; otherwise once it is within a screen of the
 * viewport. It sits at the bottom of the page, so a phone's first screen does not pay for its code
 * and its two requests while the billing view loads.
 */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (
      !element ||
      typeof IntersectionObserver === 'undefined' ||
      window.location.hash === '#support'
    ) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, near };
}

/** 'Get help' on the billing page: the client's support requests and their website's uptime. */
export function SupportSection() {
  const { ref, near } = useNearViewport();
  // Until then its room is kept, still (a skeleton's pulse would be an animation that never ends).
  if (!near) return <div ref={ref} id="support" className="mt-10 h-64 w-full" />;
  return (
    <Suspense fallback={<SupportPlaceholder />}>
      <Section />
    </Suspense>
  );
}
