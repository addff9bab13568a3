import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { Suspense, type ReactNode } from 'react';
import { expect, onTestFinished, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastHost } from '../components/toast-host';
import { localeBase } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { toast } from '../lib/toast';

/** What a route answers: a body (JSON, status 200 unless given) or never (a request still loading). */
export type Answer = { status?: number; body?: unknown } | 'pending';
export type Handler = (request: { url: URL; body: unknown }) => Answer | Promise<Answer>;

/** An API error as the server sends it (src/server/http/errors.ts): `{ message, issues? }`. */
export const apiError = (
  status: number,
  message: string,
  issues?: { field: string; message: string }[],
): Answer => ({ status, body: issues ? { message, issues } : { message } });

/**
 * Stubs `fetch` with the API's routes ('GET /api/account' → handler); any other request fails the
 * test. Answers are JSON Responses, as the server sends them. Returns the requests made, in order.
 */
export function mockApi(routes: Record<string, Handler | Answer>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const unexpected: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, window.location.origin);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      unexpected.push(`${method} ${url.pathname}`);
      return json(404, { message: `Not found: ${method} ${url.pathname}` });
    }
    const answer = typeof route === 'function' ? await route({ url, body }) : route;
    if (answer === 'pending') return new Promise<Response>(() => {});
    return answer.body === undefined
      ? new Response(null, { status: answer.status ?? 204 })
      : json(answer.status ?? 200, answer.body);
  });
  onTestFinished(() => {
    vi.unstubAllGlobals();
    expect(unexpected, 'requests no route answers').toEqual([]);
  });
  return { calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Renders `ui` inside the app's providers (src/web/app.tsx): a fresh query client with the app's
 * defaults, English messages, the router at `path`, and the toasts (none open).
 */
export function renderInApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  window.history.replaceState(null, '', path);
  // Toasts live in a module (one at a time): the last test's goes, replaced by a closed one.
  toast({ title: '' }).dismiss();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <Router base={localeBase}>
          <Suspense fallback={<p role="status">Loading page</p>}>{ui}</Suspense>
          <ToastHost />
        </Router>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
