import { startLocalServer } from './local-server.js';

/** An element of Overpass's JSON output: nodes carry lat/lon, ways and relations `center` (out center). */
export interface FakeOsmElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export interface RecordedOverpassRequest {
  query: string;
  contentType: string | undefined;
  userAgent: string | undefined;
}

export interface RecordedNominatimRequest {
  params: Record<string, string>;
  userAgent: string | undefined;
  /** Date.now() when the request arrived, to check the spacing between requests. */
  at: number;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Overpass answers errors with an HTML page, the dispatcher's reason in a paragraph. */
export const overpassHtmlError = (status: number, reason: string): Answer => ({
  status,
  contentType: 'text/html; charset=utf-8',
  text: `<?xml version="1.0" encoding="UTF-8"?>\n<html><body><p><strong style="color:#FF0000">Error</strong>: runtime error: ${reason}</p></body></html>`,
});

const json = (status: number, body: unknown): Answer => ({
  status,
  contentType: 'application/json',
  text: JSON.stringify(body),
});

/**
 * Overpass (`POST /api/interpreter`, form field `data`) and Nominatim (`GET /search`) on one local
 * server. Overpass does not evaluate the query: it answers the elements a test sets and records the
 * query. Nominatim answers by `q` and, like the real one, refuses requests without a User-Agent of their own.
 */
export async function startFakeOsm() {
  const overpassRequests: RecordedOverpassRequest[] = [];
  const nominatimRequests: RecordedNominatimRequest[] = [];
  const places = new Map<string, { lat: string; lon: string; display_name: string }>();
  const state = {
    elements: [] as FakeOsmElement[],
    remark: undefined as string | undefined,
    delayMs: 0,
    nextOverpass: null as Answer | null,
    nextNominatim: null as Answer | null,
  };

  function overpass(query: string): Answer {
    if (!query.startsWith('[out:json]'))
      return overpassHtmlError(400, 'encoding error: expected [out:json]');
    const osm3s = {
      timestamp_osm_base: '2026-01-01T00:00:00Z',
      copyright:
        'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.',
    };
    return json(200, {
      version: 0.6,
      generator: 'Overpass API (fake)',
      osm3s,
      elements: state.elements,
      ...(state.remark ? { remark: state.remark } : {}),
    });
  }

  function nominatim(params: Record<string, string>, userAgent: string | undefined): Answer {
    if (!userAgent || /^node$|^undici/i.test(userAgent))
      return {
        status: 403,
        contentType: 'text/html',
        text: '<html><body>Access blocked</body></html>',
      };
    if (params.format !== 'jsonv2')
      return json(400, { error: { code: 400, message: 'Parameter format must be jsonv2 here.' } });
    const found = places.get((params.q ?? '').toLowerCase());
    const result = found && {
      place_id: 1,
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
      osm_type: 'relation',
      osm_id: 1,
      ...found,
    };
    return json(200, result ? [result] : []);
  }

  const server = await startLocalServer((req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const userAgent = req.headers['user-agent'];
    let answer: Answer;
    if (req.method === 'POST' && url.pathname === '/api/interpreter') {
      const query = new URLSearchParams(raw).get('data') ?? '';
      overpassRequests.push({ query, contentType: req.headers['content-type'], userAgent });
      answer = state.nextOverpass ?? overpass(query);
      state.nextOverpass = null;
    } else if (req.method === 'GET' && url.pathname === '/search') {
      const params = Object.fromEntries(url.searchParams);
      nominatimRequests.push({ params, userAgent, at: Date.now() });
      answer = state.nextNominatim ?? nominatim(params, userAgent);
      state.nextNominatim = null;
    } else {
      answer = { status: 404, contentType: 'text/plain', text: 'Not found' };
    }
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': answer.contentType });
      res.end(answer.text);
    }, state.delayMs);
  });
  const { port } = server;
  const url = `http://127.0.0.1:${port}`;
  return {
    overpassUrl: `${url}/api/interpreter`,
    nominatimUrl: url,
    overpassRequests,
    nominatimRequests,
    setElements(elements: FakeOsmElement[], remark?: string) {
      state.elements = elements;
      state.remark = remark;
    },
    /** What Nominatim finds for a query (matched case-insensitively). */
    setPlace(q: string, place: { lat: string; lon: string; display_name: string }) {
      places.set(q.toLowerCase(), place);
    },
    overpassAnswersNextWith(answer: Answer) {
      state.nextOverpass = answer;
    },
    nominatimAnswersNextWith(answer: Answer) {
      state.nextNominatim = answer;
    },
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    close: server.close,
  };
}
export type FakeOsm = Awaited<ReturnType<typeof startFakeOsm>>;
