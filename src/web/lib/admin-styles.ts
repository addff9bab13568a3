import { use } from 'react';
import href from '../admin.css?url';

let loaded: Promise<void> | undefined;

/**
 * The admin area's style sheet (admin.css): the public pages' own, put into every page, leaves the
 * employee screens' classes out (docs/decisions/016). Each employee page calls this first; it adds
 * the sheet once, after the page's own (so that its rules, a superset, decide), and the page waits
 * in its Suspense fallback until the sheet is in. Loaded or failed, the page goes on: a sheet that
 * could not load leaves it plainer, not blank. Loading it here, not through the bundler's CSS
 * splitting, keeps the bundler's preload helper off the landing page's first load.
 */
export function useAdminStyles(): void {
  loaded ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  use(loaded);
}
