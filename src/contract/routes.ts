/**
 * The browser routes the web app renders. The server answers the app shell with 200 for these
 * and with 404 for any other path (the router then shows its 404 page), so search engines and
 * monitors see the truth.
 */
export const WEB_ROUTES = ['/', '/checkout', '/checkout/:planName', '/payment-success', '/login', '/admin', '/settings'] as const;

export function isKnownWebPath(path: string): boolean {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  return WEB_ROUTES.some((route) => {
    const pattern = route.split('/');
    const parts = clean.split('/');
    return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(':') ? parts[i] !== '' : p === parts[i]);
  });
}
