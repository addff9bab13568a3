import { startLocalServer } from './local-server.js';

/** A small business homepage that passes every check a plain-http site can pass. */
export const TIDY_HOMEPAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tidy Plumbing</title>
<meta name="description" content="Plumbing repairs in town."></head>
<body><h1>Tidy Plumbing</h1><img src="/van.png" alt="Our van"><a href="tel:+12105550100">Call 210-555-0100</a>
<footer>© ${new Date().getUTCFullYear()} Tidy Plumbing</footer></body></html>`;

/** The homepage sales angles are made of: no viewport, no description, an old year, images without text. */
export const DATED_HOMEPAGE = `<html><head><title>Dated Diner</title></head>
<body><table width="980"><tr><td><img src="/logo.gif"><img src="/menu.jpg"></td></tr></table>
<p>Best burgers since 1985.</p><p>Copyright 2016 Dated Diner</p></body></html>`;

export interface FakeSiteOptions {
  html?: string;
  /** robots.txt's text; none (a 404) when omitted. */
  robots?: string;
  /** The homepage's status (200 unless given). */
  status?: number;
  /** Waits this long before answering the homepage. */
  delayMs?: number;
}

/**
 * A business's website on 127.0.0.1 for website-check tests (the app reaches it only with the
 * test-only WEBSITE_FETCH_ALLOW_LOOPBACK); it logs the paths asked for and the most connections
 * open at once across every fake site of `meter`.
 */
export async function startFakeSite(options: FakeSiteOptions = {}, meter: { open: number; most: number } = { open: 0, most: 0 }) {
  const paths: string[] = [];
  const server = await startLocalServer(async (req, _body, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/robots.txt') {
      if (options.robots === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(options.robots);
      return;
    }
    meter.open++;
    meter.most = Math.max(meter.most, meter.open);
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      res.writeHead(options.status ?? 200, { 'content-type': 'text/html; charset=utf-8' }).end(options.html ?? TIDY_HOMEPAGE);
    } finally {
      meter.open--;
    }
  });
  return { ...server, url: `${server.url}/`, paths };
}
