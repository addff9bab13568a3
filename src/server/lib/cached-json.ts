import crypto from 'node:crypto';

/** A value as it goes out: JSON text, its bytes and an ETag. */
export interface SerialisedJson {
  json: string;
  body: Buffer;
  etag: string;
}

/**
 * A list read on every public page view that changes rarely (the plans, the portfolio): kept
 * serialised for `ttlMs`. One load refreshes it however many requests arrive meanwhile, and they
 * get the previous value until it is back. A write in this instance clears it at once
 * (`invalidate`); other instances catch up within the TTL.
 */
export function createCachedJson(load: () => Promise<unknown>, ttlMs = 5_000) {
  let cached: (SerialisedJson & { expires: number }) | undefined;
  let refreshing: Promise<SerialisedJson> | undefined;
  const refresh = () =>
    (refreshing ??= load()
      .then((value) => {
        const json = JSON.stringify(value);
        const etag = `"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
        cached = { json, body: Buffer.from(json), etag, expires: Date.now() + ttlMs };
        return cached;
      })
      .finally(() => {
        refreshing = undefined;
      }));
  /** The value to answer with right now, without waiting: fresh, or the previous one while it refreshes. */
  const now = (): SerialisedJson | undefined => {
    if (cached && cached.expires <= Date.now()) refresh().catch(() => undefined); // a failed refresh is retried by the next request
    return cached;
  };
  const serialised = async (): Promise<SerialisedJson> => now() ?? refresh();
  return {
    now,
    serialised,
    async json(): Promise<string> {
      return (await serialised()).json;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
export type CachedJson = ReturnType<typeof createCachedJson>;
