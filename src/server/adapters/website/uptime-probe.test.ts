import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteAddressPolicy } from './safe-fetch.js';
import { probeSite, uptimeProbe } from './uptime-probe.js';

// A self-signed certificate for 127.0.0.1 (test fixture only, valid until 2126): the https
// checks below trust it through the fetch's `ca`, as no real authority would sign it.
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgqLGooXEQIPeEfN3k
Q87mIzmtmXZ4yykD2OXGSR+hrrqhRANCAAR7j9OYaKOu607QP2mjEotSmdJkkq27
vfQwsxcI9CqzPyUBWq2Aszh5tNTmFZiKVI/rbVz3K5FiCTJ8gXLJUjp1
-----END PRIVATE KEY-----`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBnzCCAUWgAwIBAgIUAi/EcuYgoCyUcPoik2I4NzkkyE0wCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLdXB0aW1lLXRlc3QwIBcNMjYxMTI4MTEwNDI2WhgPMjEyNjEx
MDQxMTA0MjZaMBYxFDASBgNVBAMMC3VwdGltZS10ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEe4/TmGijrutO0D9poxKLUpnSZJKtu730MLMXCPQqsz8lAVqt
gLM4ebTU5hWYilSP621c9yuRYgkyfIFyyVI6daNvMG0wHQYDVR0OBBYEFJKR0OYL
o3hXKQetu8I5+ohGje8ZMB8GA1UdIwQYMBaAFJKR0OYLo3hXKQetu8I5+ohGje8Z
MA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJbG9jYWxob3N0MAoG
CCqGSM49BAMCA0gAMEUCIHuUsuKIGTto+7Ef37o1dk0YXdcR7SrJmrhsa9wWUTLL
AiEAsim8Klblhqo5RC+qBBLc+1QInTNq/ok7BZneg23jLRE=
-----END CERTIFICATE-----`;
const CERT_EXPIRES = new Date('2126-11-04T11:04:26Z');

const loopback = websiteAddressPolicy(true);
let paths: string[] = [];
let bodyBytesWritten = 0;

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  paths.push(req.url ?? '');
  const [, kind, arg] = /^\/(\w+)(?:\/(\d+))?/.exec(req.url ?? '/') ?? [];
  if (kind === 'status') res.writeHead(Number(arg)).end('status');
  else if (kind === 'slow') setTimeout(() => res.writeHead(200).end('late'), Number(arg));
  else if (kind === 'hangup') req.socket.destroy();
  else if (kind === 'moved') res.writeHead(301, { location: '/elsewhere' }).end();
  else if (kind === 'big') {
    // A large page: the check must not wait for (or read) it.
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = 'x'.repeat(64 * 1024);
    const more = () => {
      if (res.destroyed || bodyBytesWritten > 50 * 1024 * 1024) return res.end();
      bodyBytesWritten += chunk.length;
      if (res.write(chunk)) setImmediate(more);
      else res.once('drain', more);
    };
    more();
  } else res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>');
}

const servers: { close(): void }[] = [];
let httpUrl = '';
let httpsUrl = '';
let closedPortUrl = '';

beforeAll(async () => {
  const plain = http.createServer(handler);
  const secure = https.createServer({ key: TEST_KEY, cert: TEST_CERT }, handler);
  for (const server of [plain, secure]) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    });
  }
  httpUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  httpsUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  // A port nothing listens on: bound, then closed.
  const gone = net.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => gone.close(() => resolve()));
});
afterAll(() => servers.forEach((s) => s.close()));

describe('probeSite', () => {
  const probe = (url: string, more: Parameters<typeof probeSite>[1] = {}) =>
    probeSite(url, { isAllowedAddress: loopback, ...more });

  it('is up on a 200 with its status and time to first byte; http has no certificate', async () => {
    paths = [];
    const result = await probe(`${httpUrl}/`);
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      certificateExpiresAt: null,
      error: null,
    });
    expect(result.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(paths).toEqual(['/']);
  });

  it('counts the wait for the first byte', async () => {
    const result = await probe(`${httpUrl}/slow/300`);
    expect(result.ok).toBe(true);
    expect(result.ttfbMs).toBeGreaterThanOrEqual(290);
  });

  it('is up on a 404 or a redirect (a server answered), down from 500 on', async () => {
    expect(await probe(`${httpUrl}/status/404`)).toMatchObject({ ok: true, status: 404 });
    paths = [];
    expect(await probe(`${httpUrl}/moved`)).toMatchObject({ ok: true, status: 301 });
    expect(paths).toEqual(['/moved']); // the redirect is not followed
    expect(await probe(`${httpUrl}/status/503`)).toEqual({
      ok: false,
      status: 503,
      ttfbMs: expect.any(Number),
      certificateExpiresAt: null,
      error: 'The server answered 503',
    });
    expect((await probe(`${httpUrl}/status/500`)).error).toBe('The server answered 500');
  });

  it('does not read a large page', async () => {
    bodyBytesWritten = 0;
    const result = await probe(`${httpUrl}/big`);
    expect(result.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodyBytesWritten).toBeLessThan(10 * 1024 * 1024);
  });

  it('says "No answer within N seconds" when the site is too slow', async () => {
    const result = await probe(`${httpUrl}/slow/2000`, { timeoutMs: 300 });
    expect(result).toEqual({
      ok: false,
      status: null,
      ttfbMs: null,
      certificateExpiresAt: null,
      error: 'No answer within 0.3 seconds',
    });
  });

  it('is down in words when nothing listens or the server hangs up', async () => {
    expect((await probe(closedPortUrl)).error).toBe('The server refused the connection');
    expect((await probe(`${httpUrl}/hangup`)).error).toBe(
      'The server closed the connection without answering',
    );
  });

  it('refuses private addresses by default, before sending anything', async () => {
    paths = [];
    const result = await probeSite(`${httpUrl}/`);
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: 'This website address points to a private network and was not fetched',
    });
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/',
    ])
      expect((await probe(url)).error).toMatch(/private network/);
    const viaName = await probe('http://intranet.example/', {
      lookup: async () => [{ address: '192.168.1.10', family: 4 }],
    });
    expect(viaName.error).toMatch(/private network/);
    expect(paths).toEqual([]);
  });

  it('reads the expiry of the certificate an https site shows', async () => {
    const result = await probe(`${httpsUrl}/`, { ca: TEST_CERT });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.certificateExpiresAt?.toISOString()).toBe(CERT_EXPIRES.toISOString());
  });

  it('is down when the certificate is not trusted', async () => {
    const result = await probe(`${httpsUrl}/`);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^The site's security certificate is not valid \(\w+\)$/);
  });

  it('is down on an address it cannot use', async () => {
    expect((await probe('ftp://example.com/')).error).toBe(
      'Only http and https website addresses can be fetched',
    );
    const unknown = await probe('http://nowhere.invalid/', {
      lookup: async () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect(unknown.error).toBe('This website address could not be found');
  });

  it('uptimeProbe keeps one checker for many sites', async () => {
    const check = uptimeProbe({ isAllowedAddress: loopback });
    const results = await Promise.all([`${httpUrl}/`, `${httpUrl}/status/502`].map(check));
    expect(results.map((r) => r.ok)).toEqual([true, false]);
  });
});
