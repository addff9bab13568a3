import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { moneyMadeDuring } from '../contract/lib/locale-format';
import { splitLocale } from '../contract/site/routes';
import { App } from './app';
import { renderIn } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { setServerSite } from './lib/site';

/** What the server renders a page with: the URL, the site, and query data by key (the plans, the portfolio). */
export interface RenderInput {
  url: string;
  site: { name: string; supportEmail: string; origin: string };
  data: Record<string, unknown>;
}

/** A rendered page: the app's HTML and the money texts it shows (the browser hydrates with them, see `knownMoney`). */
export interface Rendered {
  html: string;
  money: Record<string, string>;
}

/**
 * The app's HTML for one URL, as the browser's first render will produce it (main.tsx hydrates
 * it). Pages loaded lazily in the browser are resolved here before the HTML is complete.
 */
export function render(input: RenderInput): Promise<Rendered> {
  // The site and the language are module state (lib/site.ts, lib/i18n.ts) that pages read while
  // they render, so renders take turns: two at once for different hosts or languages would mix them.
  const turn = queue.then(() => renderAlone(input));
  queue = turn.catch(() => undefined);
  return turn;
}

let queue: Promise<unknown> = Promise.resolve();

async function renderAlone({ url, site, data }: RenderInput): Promise<Rendered> {
  setServerSite(site);
  const [html, money] = await moneyMadeDuring(() => renderOnce(url, data));
  // A part sent apart comes with an inline script to move it into place, which the strict CSP
  // blocks: the server then sends the empty shell instead of a page that would not hydrate.
  if (html.includes('<script')) throw new Error(`the page ${url} has a part React sent apart`);
  return { html, money };
}

async function renderOnce(url: string, data: Record<string, unknown>): Promise<string> {
  const i18n = await renderIn(splitLocale(url).locale);
  const queryClient = createQueryClient();
  for (const [key, value] of Object.entries(data)) queryClient.setQueryData([key], value);
  const [path = '/', search = ''] = url.split('?');
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} ssr={{ path, search }} />
    </StrictMode>,
    // One piece of HTML: React would otherwise send a large part later, moved by an inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  queryClient.clear();
  return html;
}
