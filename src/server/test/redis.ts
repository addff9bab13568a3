import { Redis } from 'ioredis';

/** The Redis the tests keep shared counters in; `.ci/run` starts one on 127.0.0.1:6379 when none answers. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const inCi = () =>
  Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI!.toLowerCase());

/**
 * Whether Redis answers PING at TEST_REDIS_URL. When it does not, outside CI the Redis tests of
 * `file` skip and this prints why; in CI (env CI set) it throws, so the file fails instead.
 */
export async function redisAnswers(file: string): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {}); // the failure is reported below
  let reason: string;
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch (error) {
    reason = (error as Error).message;
  } finally {
    client.disconnect();
  }
  const message = `Redis does not answer at ${TEST_REDIS_URL} (${reason})`;
  if (inCi()) throw new Error(`${message}: ${file} needs it in CI (.ci/run starts one)`);
  console.warn(
    `${file}: skipping its Redis tests: ${message}. Start one (redis-server --port 6379) or set TEST_REDIS_URL.`,
  );
  return false;
}
