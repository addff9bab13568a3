import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * docs/product.md §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay.
 * Tooltips appear only in the lazy-loaded areas (admin, checkout), so each wraps its layout in
 * this provider and Radix's popper code never loads with the landing page.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </TooltipPrimitive.Provider>
  );
}
