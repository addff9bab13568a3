import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from './config.js';

/** The client address Fastify sees with TRUST_PROXY=`value`, for a request from `remoteAddress` with X-Forwarded-For `forwarded`. */
async function clientIp(value: string, remoteAddress: string, forwarded: string): Promise<string> {
  const app = Fastify({
    trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: value }).trustProxy),
  });
  app.get('/ip', (request) => request.ip);
  const res = await app.inject({
    url: '/ip',
    remoteAddress,
    headers: { 'x-forwarded-for': forwarded },
  });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('takes true/false, a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1, fd00::/8' }).trustProxy).toEqual(
      ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
    );
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '10.0.0.1,', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must be true, false, a hop count/,
      );
    }
  });

  it('decides which X-Forwarded-For address is the client', async () => {
    // Trusting everyone: whatever the client wrote first in the header wins (a spoofed address).
    expect(await clientIp('true', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('6.6.6.6');
    // One hop (the load balancer): the address it appended, not the one the client made up.
    expect(await clientIp('1', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    // A list: only the named proxy is believed; a request from elsewhere is its own client.
    expect(await clientIp('10.0.0.0/8', '10.0.0.5', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp('10.0.0.0/8', '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    expect(await clientIp('false', '10.0.0.5', '6.6.6.6')).toBe('10.0.0.5');
  });
});

describe('REDIS_URL', () => {
  it('keeps shared counters in Redis under a prefix when set, in the database when not', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'agency:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example:6380/2', REDIS_KEY_PREFIX: 'blue:' }).redis,
    ).toEqual({
      url: 'rediss://cache.example:6380/2',
      keyPrefix: 'blue:',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL must start with redis:\/\/ or rediss:\/\//,
    );
  });
});
