import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from '../lib/toast';

// Radix's toast code is ~10 KB gzip: it loads once the page is idle (or at the first toast),
// so the landing page's first paint does not wait for it.
const Toaster = lazy(() => import('./ui/toaster'));

export function ToastHost() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
