import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { startI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { knownMoney } from '../contract/lib/locale-format';
import { SSR_DATA_ID, SSR_MONEY_ID } from '../contract/site/site';
import './index.css';

/**
 * Starts the app. Not from the module's top level: that is the whole entry chunk as one function,
 * and while DevTools is attached (every Lighthouse run) a timer or a DOM change made with it on the
 * stack has V8 re-parse all of it for line numbers, ~15 ms of main thread (docs/decisions/016). A
 * microtask runs with only this function below it, before anything else.
 */
function start(): void {
  const root = document.getElementById('root')!;
  // The data the server rendered this page with (plans, portfolio): the first render uses it as is,
  // so hydration matches and nothing is fetched again.
  const queryClient = createQueryClient();
  const seed = document.getElementById(SSR_DATA_ID)?.textContent;
  if (seed)
    for (const [key, value] of Object.entries(JSON.parse(seed) as Record<string, unknown>))
      queryClient.setQueryData([key], value);
  // Its prices as the server wrote them: hydration makes no money text, so it does not start `Intl`.
  const money = document.getElementById(SSR_MONEY_ID)?.textContent;
  if (money) knownMoney(JSON.parse(money) as Record<string, string>);

  // The page's language (from its URL) is ready before the first render: no flash of another language.
  void startI18n().then((i18n) => {
    const tree = <App i18n={i18n} queryClient={queryClient} />;
    // Strict mode's checks run in development only; the production build carries none of it.
    const app = import.meta.env.DEV ? <StrictMode>{tree}</StrictMode> : tree;
    // Public pages come rendered from the server: hydrate them, as a transition so that React works
    // in slices and yields to the browser between them (a tap or a scroll is never held up for long;
    // Lighthouse's TBT). The admin area comes as an empty shell.
    if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
}

queueMicrotask(start);
