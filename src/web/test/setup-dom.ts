// Vitest setup of the component tests (vitest.config.ts, project 'dom'): jest-dom's matchers,
// every catalog part in English (as a page gets them), and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { renderIn } from '../lib/i18n';

await renderIn('en');

// findBy… and waitFor wait for a condition: up to 5 s, not Testing Library's 1 s, which a loaded
// 2-core CI machine running the server suites beside these overran (a saved toast came at 1.1 s).
configure({ asyncUtilTimeout: 5_000 });

// happy-dom lays nothing out, so nothing would ever come into view: every observed element is in
// view at once here (sections that load when scrolled near, such as 'Get help', then load).
class InViewAtOnce {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver = InViewAtOnce as unknown as typeof IntersectionObserver;

afterEach(() => cleanup());
