import { PlacesProviderError } from './types.js';

/** Far above a 1 000-element Overpass answer; anything larger is not an answer to what we asked. */
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export interface HttpAnswer {
  status: number;
  /** The parsed JSON; undefined when an error answer was not JSON (Overpass answers errors with HTML). */
  body: unknown;
}

export interface HttpOptions {
  /** How people know the service, for messages ('Google Places'). */
  service: string;
  timeoutMs: number;
  maxBytes?: number;
}

const inSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} seconds`;

/**
 * One request with a deadline that covers the body too. Whatever goes wrong on the way (no answer,
 * no connection, an answer too large or unreadable) becomes a PlacesProviderError a person can read;
 * HTTP error statuses are returned, because what they mean differs per service.
 */
export async function fetchJson(
  url: string,
  init: RequestInit,
  options: HttpOptions,
): Promise<HttpAnswer> {
  const { service, timeoutMs, maxBytes = DEFAULT_MAX_BYTES } = options;
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await readCapped(response, maxBytes, service);
  } catch (error) {
    if (error instanceof PlacesProviderError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new PlacesProviderError(
        `${service} did not answer within ${inSeconds(timeoutMs)}. Please try again in a minute.`,
      );
    }
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new PlacesProviderError(
      `${service} could not be reached${typeof code === 'string' ? ` (${code})` : ''}. Check this server's internet connection and try again.`,
    );
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    if (status >= 200 && status < 300)
      throw new PlacesProviderError(
        `${service} sent an answer that could not be read. Please try again later.`,
      );
    return { status, body: undefined };
  }
}

async function readCapped(response: Response, maxBytes: number, service: string): Promise<string> {
  const tooLarge = () =>
    new PlacesProviderError(`${service} sent an unexpectedly large answer. Try a smaller radius.`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
