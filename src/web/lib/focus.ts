import { useEffect, useRef } from 'react';

/**
 * Where keyboard focus goes when the page changes under it (WCAG 2.2 AA, docs/product.md §11):
 * never left on <body> after a submit, a delete, a dialog or a change of page.
 */

/** How long to wait for something that a refetch or a lazy page renders a moment later. */
const WAIT_MS = 5000;

/**
 * Focuses what `find` answers as soon as it is in the page and shown: the row a refetch adds after
 * a create, the heading of a page that is still loading. Gives up after a few seconds, or when
 * focus has meanwhile gone somewhere other than where it was (the person moved on).
 */
export function focusWhenShown(find: () => Element | null | undefined): void {
  const from = document.activeElement;
  const until = Date.now() + WAIT_MS;
  const attempt = () => {
    const current = document.activeElement;
    if (current !== from && current !== document.body && current !== null) return;
    const target = find();
    if (target instanceof HTMLElement && target.getClientRects().length > 0) focusElement(target);
    else if (Date.now() < until) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Focuses `target`; a heading or a row that is not focusable becomes so by script only (tabindex -1). */
export function focusElement(target: HTMLElement): void {
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/**
 * What should take focus once `item` leaves its list (after a delete): the next item, else the
 * previous one, else `fallback` (the list's heading).
 */
export function focusTargetAfterRemoving(
  item: Element | null,
  fallback: HTMLElement | null,
): HTMLElement | null {
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return neighbour instanceof HTMLElement ? neighbour : fallback;
}

/**
 * For a dialog that deletes a row of a list: call `removing(row, heading)` once the delete
 * succeeded (the row is still there), and give the dialog `returnFocus` (components/ui/dialog).
 */
export function useFocusAfterRemoving() {
  const target = useRef<HTMLElement | null>(null);
  return {
    removing: (item: Element | null, fallback: HTMLElement | null) => {
      target.current = focusTargetAfterRemoving(item, fallback);
    },
    returnFocus: () => {
      const next = target.current;
      target.current = null;
      return next;
    },
  };
}

/**
 * A page the app moved to without loading a document (registering opens checkout, paying opens
 * the confirmation, signing in opens the admin area, a link) starts keyboard focus at its main
 * heading, as a new document starts at the top, instead of leaving it on <body>. A page the
 * browser loaded itself (its path is the loaded document's) keeps the browser's own start.
 */
export function useFocusOnArrival(): void {
  useEffect(() => {
    const [loaded] = performance.getEntriesByType('navigation');
    if (loaded && new URL(loaded.name).pathname !== window.location.pathname)
      focusWhenShown(() => document.querySelector('main h1'));
  }, []);
}
