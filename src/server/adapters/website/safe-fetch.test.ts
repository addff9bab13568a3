import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSafeFetcher,
  isPublicAddress,
  RefusedAddressError,
  SafeFetchError,
  type ResolveHost,
} from './safe-fetch.js';

const PRIVATE = 'This website address points to a private network and was not fetched.';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.2.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378::1',
    '2001:db8::1',
    'not an ip',
    '0x7f.1',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

/** A fake website on 127.0.0.1 that records every request and connection it sees. */
const seen: Array<{ path: string; host: string; userAgent: string }> = [];
let connections = 0;
let origin = '';
let port = 0;
const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  '/': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<a href="https://x.com/acme">X</a> café'),
  '/r1': (_req, res) => res.writeHead(301, { location: '/r2' }).end(),
  '/r2': (_req, res) => res.writeHead(302, { location: `http://other.test:${port}/final` }).end(),
  '/final': (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/xhtml+xml' }).end('<html>final</html>'),
  '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/' }).end(),
  '/to-metadata': (_req, res) =>
    res.writeHead(307, { location: 'http://metadata.test/latest/meta-data/' }).end(),
  '/to-ftp': (_req, res) => res.writeHead(302, { location: 'ftp://shop.test/' }).end(),
  '/to-nonsense': (_req, res) => res.writeHead(302, { location: 'http://[not-an-address/' }).end(),
  '/big': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('a'.repeat(5000)),
  '/gzip': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(zlib.gzipSync('<p>zipped</p>')),
  '/bomb': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(zlib.gzipSync(Buffer.alloc(10_000_000))),
  '/latin1': (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset="windows-1252"' })
      .end(Buffer.from([0x43, 0x61, 0x66, 0xe9])),
  '/odd-charset': (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=x-made-up' }).end('café'),
  '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
  '/untyped': (_req, res) => res.writeHead(200).end('<p>hi</p>'),
  '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('not here'),
  '/silent': () => {},
  '/trickle': (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).write('<p>first part'),
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({
    path: url.pathname,
    host: req.headers.host ?? '',
    userAgent: req.headers['user-agent'] ?? '',
  });
  const loop = /^\/loop\/(\d+)$/.exec(url.pathname);
  if (loop) return res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (chain)
    return res
      .writeHead(302, { location: Number(chain[1]) > 1 ? `/chain/${Number(chain[1]) - 1}` : '/' })
      .end();
  (routes[url.pathname] ?? routes['/missing']!)(req, res);
});
server.on('connection', () => connections++);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://shop.test:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  connections = 0;
});

/** Fake DNS: the `.test` names the tests use, and a log of every question asked. */
function fakeDns(answers: Record<string, string | string[]> = {}) {
  const asked: string[] = [];
  const table: Record<string, string | string[]> = {
    'shop.test': '127.0.0.1',
    'other.test': '127.0.0.1',
    'metadata.test': '169.254.169.254',
    ...answers,
  };
  const lookup: ResolveHost = async (host) => {
    asked.push(host);
    const answer = table[host];
    if (answer === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [answer].flat().map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

const onlyLocalhost = (ip: string) => ip === '127.0.0.1';
const localFetcher = (options: Parameters<typeof createSafeFetcher>[0] = {}) => {
  const dns = fakeDns();
  return {
    dns,
    fetcher: createSafeFetcher({
      lookup: dns.lookup,
      isAllowedAddress: onlyLocalhost,
      userAgent: 'TestAgent/1.0',
      ...options,
    }),
  };
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: unknown) =>
      error instanceof SafeFetchError ? error.message : `unexpected ${String(error)}`,
  );

describe('fetchPage refuses what it must not fetch, before connecting', () => {
  it.each([
    ['ftp://shop.test/file', 'Only http and https website addresses can be fetched.'],
    ['file:///etc/passwd', 'Only http and https website addresses can be fetched.'],
    ['javascript:alert(1)', 'Only http and https website addresses can be fetched.'],
    [
      'http://user:secret@shop.test/',
      'Website addresses with a user name or password are not fetched.',
    ],
    ['http://user@shop.test/', 'Website addresses with a user name or password are not fetched.'],
    ['not a url', 'This website address is not valid.'],
  ])('%s', async (url, message) => {
    const { fetcher, dns } = localFetcher(); // even a policy that allows the fake server changes nothing here
    expect(await refusal(fetcher.fetchPage(url.replace('shop.test', `shop.test:${port}`)))).toBe(
      message,
    );
    expect(dns.asked).toEqual([]);
    expect(connections).toBe(0);
  });

  it.each([
    '127.0.0.1',
    '[::1]',
    '0x7f.1',
    '2130706433',
    '0177.0.0.1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
  ])('the literal address %s', async (host) => {
    const dns = fakeDns();
    const fetcher = createSafeFetcher({ lookup: dns.lookup });
    expect(await refusal(fetcher.fetchPage(`http://${host}:${port}/`))).toBe(PRIVATE);
    expect(dns.asked).toEqual([]);
    expect(connections).toBe(0);
  });

  it.each([
    ['a name for 127.0.0.1', '127.0.0.1'],
    ['a name for the cloud metadata service', '169.254.169.254'],
    ['a name with one public and one private address', ['8.8.8.8', '10.0.0.1']],
    ['a name for an IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ])('%s', async (_name, answer) => {
    const dns = fakeDns({ 'evil.test': answer });
    const fetcher = createSafeFetcher({ lookup: dns.lookup });
    expect(await refusal(fetcher.fetchPage(`http://evil.test:${port}/`))).toBe(PRIVATE);
    expect(dns.asked).toEqual(['evil.test']);
    expect(connections).toBe(0);
  });

  it('a name that does not resolve', async () => {
    const { fetcher } = localFetcher();
    expect(await refusal(fetcher.fetchPage('http://nowhere.test/'))).toBe(
      'This website address could not be found.',
    );
  });
});

describe('fetchPage against a local fake website', () => {
  it('fetches a page as the app, on the pinned address, with the original Host header', async () => {
    const { fetcher, dns } = localFetcher();
    const page = await fetcher.fetchPage(`${origin}/`);
    expect(page).toEqual({
      finalUrl: `${origin}/`,
      contentType: 'text/html; charset=utf-8',
      body: '<a href="https://x.com/acme">X</a> café',
      truncated: false,
    });
    expect(seen).toEqual([{ path: '/', host: `shop.test:${port}`, userAgent: 'TestAgent/1.0' }]);
    expect(dns.asked).toEqual(['shop.test']);
  });

  it('identifies itself as the app when no user agent is given', async () => {
    const { fetcher } = localFetcher({ userAgent: undefined });
    await fetcher.fetchPage(`${origin}/`);
    expect(seen[0]?.userAgent).toMatch(/^VeteranWebWorks-SocialFinder\/1\.0/);
  });

  it('never asks DNS twice for one hop, so a rebinding answer is never used', async () => {
    let answers = 0;
    const rebinding: ResolveHost = async () => [
      { address: answers++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 },
    ];
    const fetcher = createSafeFetcher({ lookup: rebinding, isAllowedAddress: onlyLocalhost });
    expect((await fetcher.fetchPage(`${origin}/`)).body).toContain('café');
    expect(answers).toBe(1);
    expect(seen.map((request) => request.host)).toEqual([`shop.test:${port}`]);
  });

  it('follows redirects, checking every hop', async () => {
    const { fetcher, dns } = localFetcher();
    const page = await fetcher.fetchPage(`${origin}/r1`);
    expect(page.finalUrl).toBe(`http://other.test:${port}/final`);
    expect(page.body).toBe('<html>final</html>');
    expect(seen.map(({ path, host }) => `${host}${path}`)).toEqual([
      `shop.test:${port}/r1`,
      `shop.test:${port}/r2`,
      `other.test:${port}/final`,
    ]);
    expect(dns.asked).toEqual(['shop.test', 'shop.test', 'other.test']);
  });

  it.each(['/to-private', '/to-metadata'])(
    'refuses a redirect into a private network (%s)',
    async (path) => {
      const { fetcher } = localFetcher();
      expect(await refusal(fetcher.fetchPage(`${origin}${path}`))).toBe(PRIVATE);
      expect(seen.map((request) => request.path)).toEqual([path]);
    },
  );

  it('follows 5 redirects and refuses a sixth', async () => {
    const { fetcher } = localFetcher();
    expect((await fetcher.fetchPage(`${origin}/chain/5`)).finalUrl).toBe(`${origin}/`);
    seen.length = 0;
    expect(await refusal(fetcher.fetchPage(`${origin}/loop/0`))).toBe(
      'The website redirected more than 5 times.',
    );
    expect(seen.map((request) => request.path)).toEqual([
      '/loop/0',
      '/loop/1',
      '/loop/2',
      '/loop/3',
      '/loop/4',
      '/loop/5',
    ]);
  });

  it('keeps the first maxBytes of a larger page and says it was cut', async () => {
    const { fetcher } = localFetcher({ maxBytes: 1000 });
    const page = await fetcher.fetchPage(`${origin}/big`);
    expect(page.body).toBe('a'.repeat(1000));
    expect(page.truncated).toBe(true);
  });

  it('decompresses gzip and applies the cap to the decompressed size', async () => {
    const { fetcher } = localFetcher({ maxBytes: 1000 });
    expect((await fetcher.fetchPage(`${origin}/gzip`)).body).toBe('<p>zipped</p>');
    const bomb = await fetcher.fetchPage(`${origin}/bomb`);
    expect([bomb.body.length, bomb.truncated]).toEqual([1000, true]);
  });

  it('decodes the charset named in the header, and UTF-8 when it is unknown', async () => {
    const { fetcher } = localFetcher();
    expect((await fetcher.fetchPage(`${origin}/latin1`)).body).toBe('Café');
    expect((await fetcher.fetchPage(`${origin}/odd-charset`)).body).toBe('café');
  });

  it.each([
    ['/json', 'The website address leads to application/json, not a web page.'],
    ['/untyped', 'The website address leads to an unnamed kind of file, not a web page.'],
    ['/missing', 'The website answered with status 404.'],
    ['/to-ftp', 'Only http and https website addresses can be fetched.'],
    ['/to-nonsense', 'This website address is not valid.'],
  ])('refuses %s', async (path, message) => {
    const { fetcher } = localFetcher();
    expect(await refusal(fetcher.fetchPage(`${origin}${path}`))).toBe(message);
  });

  it.each(['/silent', '/trickle'])(
    'gives up on a slow website (%s) after timeoutMs',
    async (path) => {
      const { fetcher } = localFetcher({ timeoutMs: 200 });
      const started = Date.now();
      expect(await refusal(fetcher.fetchPage(`${origin}${path}`))).toBe(
        'The website did not answer within 0.2 seconds.',
      );
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('says so when nothing listens', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { fetcher } = localFetcher();
    expect(await refusal(fetcher.fetchPage(`http://shop.test:${closedPort}/`))).toBe(
      'The website could not be reached.',
    );
  });
});

describe('probe and fetchText (the website check)', () => {
  it('probe answers the first hop only, with its absolute location', async () => {
    const { fetcher } = localFetcher();
    expect(await fetcher.probe(`${origin}/r1`)).toEqual({ status: 301, location: `${origin}/r2` });
    expect(seen.map((s) => s.path)).toEqual(['/r1']);
    expect(await fetcher.probe(`${origin}/`)).toEqual({ status: 200, location: null });
  });

  it('fetchText follows redirects and answers any status, as text of any type', async () => {
    const { fetcher } = localFetcher();
    expect(await fetcher.fetchText(`${origin}/missing`)).toEqual({ status: 404, body: '' });
    expect(await fetcher.fetchText(`${origin}/r1`)).toEqual({
      status: 200,
      body: '<html>final</html>',
    });
    expect(await fetcher.fetchText(`${origin}/untyped`)).toEqual({
      status: 200,
      body: '<p>hi</p>',
    });
  });

  it.each(['probe', 'fetchText'] as const)(
    '%s refuses private addresses as fetchPage does, before connecting',
    async (method) => {
      const fetcher = createSafeFetcher({ lookup: fakeDns().lookup });
      const error = await fetcher[method](`http://shop.test:${port}/`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RefusedAddressError);
      expect((error as Error).message).toBe(PRIVATE);
      expect(connections).toBe(0);
    },
  );
});
