import type http from 'node:http';
import { startLocalServer } from './local-server.js';

/** A place as Places API (New) describes it (only the fields this app asks for). */
export interface FakeGooglePlace {
  id: string;
  displayName?: { text: string; languageCode: string };
  formattedAddress?: string;
  location?: { latitude: number; longitude: number };
  rating?: number;
  userRatingCount?: number;
  websiteUri?: string;
  nationalPhoneNumber?: string;
  internationalPhoneNumber?: string;
}

export interface RecordedGoogleRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  fieldMask: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

interface Answer {
  status: number;
  text: string;
}

/** Google's error body: `{ error: { code, message, status } }`. */
export const googleError = (code: number, status: string, message: string): Answer => ({
  status: code,
  text: JSON.stringify({ error: { code, message, status } }),
});

const PAGE_SIZE = 20;
const MAX_RESULTS = 60;

/**
 * A local stand-in for places.googleapis.com's Text Search (New): key and field mask headers are
 * required, answers carry only the masked fields, 20 places a page and at most 60 a search through
 * nextPageToken, a search with no result answers `{}`, errors come in Google's shape.
 */
export async function startFakeGooglePlaces({ apiKey }: { apiKey: string }) {
  const requests: RecordedGoogleRequest[] = [];
  const results = new Map<string, FakeGooglePlace[]>();
  const pages = new Map<string, { textQuery: string; offset: number }>();
  const behaviour = { delayMs: 0, next: null as Answer | null };
  let tokens = 0;

  function searchText(body: Record<string, unknown>, fieldMask: string): Answer {
    const circle = (body.locationBias as { circle?: { radius?: number } } | undefined)?.circle;
    if (
      circle &&
      !(typeof circle.radius === 'number' && circle.radius >= 0 && circle.radius <= 50_000)
    ) {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'Invalid locationBias.circle.radius: must be within [0.0, 50000.0].',
      );
    }
    const textQuery = typeof body.textQuery === 'string' ? body.textQuery : '';
    let offset = 0;
    if (body.pageToken !== undefined) {
      const page = pages.get(typeof body.pageToken === 'string' ? body.pageToken : '');
      if (!page || page.textQuery !== textQuery)
        return googleError(400, 'INVALID_ARGUMENT', 'Invalid page token.');
      offset = page.offset;
    }
    const all = (results.get(textQuery) ?? []).slice(0, MAX_RESULTS);
    const size = Math.min(Number(body.pageSize) || PAGE_SIZE, PAGE_SIZE);
    const mask = new Set(fieldMask.split(',').map((f) => f.trim()));
    const places = all
      .slice(offset, offset + size)
      .map((place) =>
        mask.has('*')
          ? place
          : Object.fromEntries(
              Object.entries(place).filter(([field]) => mask.has(`places.${field}`)),
            ),
      );
    const answer: Record<string, unknown> = {};
    if (places.length > 0) answer.places = places;
    if (offset + size < all.length && mask.has('nextPageToken')) {
      const token = `page-token-${++tokens}`;
      pages.set(token, { textQuery, offset: offset + size });
      answer.nextPageToken = token;
    }
    return { status: 200, text: JSON.stringify(answer) };
  }

  function route(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Record<string, unknown>,
  ): Answer {
    if (method !== 'POST' || path !== '/v1/places:searchText')
      return googleError(404, 'NOT_FOUND', `Method not found: ${method} ${path}`);
    const key = headers['x-goog-api-key'];
    if (!key)
      return googleError(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
    if (key !== apiKey)
      return googleError(
        400,
        'INVALID_ARGUMENT',
        'API key not valid. Please pass a valid API key.',
      );
    const fieldMask = headers['x-goog-fieldmask'];
    if (typeof fieldMask !== 'string' || fieldMask === '') {
      return googleError(
        400,
        'INVALID_ARGUMENT',
        "FieldMask is a required parameter. Set the header 'X-Goog-FieldMask'.",
      );
    }
    return searchText(body, fieldMask);
  }

  const server = await startLocalServer((req, raw, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      body = { unreadable: raw };
    }
    requests.push({
      method: req.method!,
      path,
      apiKey: req.headers['x-goog-api-key'] as string | undefined,
      fieldMask: req.headers['x-goog-fieldmask'] as string | undefined,
      contentType: req.headers['content-type'],
      body,
    });
    const answer = behaviour.next ?? route(req.method!, path, req.headers, body);
    behaviour.next = null;
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(answer.text);
    }, behaviour.delayMs);
  });
  const { port } = server;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** What a text query finds, in Google's order. */
    setResults(textQuery: string, places: FakeGooglePlace[]) {
      results.set(textQuery, places);
    },
    /** The next request gets this answer instead (an error body, or text that is not JSON). */
    answerNextWith(answer: Answer) {
      behaviour.next = answer;
    },
    setDelay(ms: number) {
      behaviour.delayMs = ms;
    },
    close: server.close,
  };
}
export type FakeGooglePlaces = Awaited<ReturnType<typeof startFakeGooglePlaces>>;
