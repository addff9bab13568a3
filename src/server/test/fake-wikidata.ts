import type http from 'node:http';
import { startLocalServer } from './local-server.js';

/** A person as Wikidata holds them; the fake turns them into result rows the way WDQS does. */
export interface FakeWikidataPerson {
  qid: string;
  /** The English label; without one the label service answers the bare Q-id, as the real one does. */
  label?: string;
  linkedin: string[];
  /** A Commons file name ('Jane Doe.jpg'). */
  image?: string;
  /** Employer labels; a label may be a bare Q-id too (an employer without an English label). */
  employers?: string[];
  residence?: string;
  citizenship?: string;
}

export interface RecordedSparqlRequest {
  method: string;
  query: string;
  /** The `format` parameter, when the query came in the URL. */
  format: string | null;
  headers: http.IncomingHttpHeaders;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

type Term = { type: 'uri' | 'literal'; value: string; 'xml:lang'?: string };
const VARS = [
  'person',
  'personLabel',
  'linkedin',
  'image',
  'employerLabel',
  'residenceLabel',
  'citizenshipLabel',
];
const SPARQL_JSON = 'application/sparql-results+json;charset=utf-8';
const uri = (value: string): Term => ({ type: 'uri', value });
/** The label service tags real labels with their language; its Q-id fallback is a plain literal. */
const label = (value: string): Term =>
  /^Q\d+$/.test(value) ? { type: 'literal', value } : { type: 'literal', value, 'xml:lang': 'en' };

/** One row per combination of multi-valued properties, as a SPARQL join yields them. */
function rowsFor(person: FakeWikidataPerson): Record<string, Term>[] {
  const base: Record<string, Term> = {
    person: uri(`http://www.wikidata.org/entity/${person.qid}`),
    personLabel: label(person.label ?? person.qid),
  };
  if (person.image)
    base.image = uri(
      `http://commons.wikimedia.org/wiki/Special:FilePath/${encodeURIComponent(person.image)}`,
    );
  if (person.residence) base.residenceLabel = label(person.residence);
  if (person.citizenship) base.citizenshipLabel = label(person.citizenship);
  const employers = person.employers?.length ? person.employers : [undefined];
  return person.linkedin.flatMap((linkedin) =>
    employers.map((employer) => ({
      ...base,
      linkedin: { type: 'literal' as const, value: linkedin },
      ...(employer ? { employerLabel: label(employer) } : {}),
    })),
  );
}

/** WDQS reports a failed query with a Java stack trace in plain text. */
export const wdqsErrorText = (status: number): Answer => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  text: 'java.util.concurrent.ExecutionException: com.bigdata.rdf.sail.webapp.QueryTimeoutException: Query deadline is expired.',
});

/**
 * The Wikidata Query Service's SPARQL endpoint (`GET /sparql?query=…&format=json` or a POST form).
 * It does not evaluate SPARQL: it answers the people a test sets, honours the first LIMIT as a
 * number of people (our query limits people in a subquery) and records every request.
 */
export async function startFakeWikidata() {
  const requests: RecordedSparqlRequest[] = [];
  const state = { people: [] as FakeWikidataPerson[], delayMs: 0, next: null as Answer | null };

  function answer(query: string): Answer {
    const limit = /\bLIMIT\s+(\d+)/i.exec(query);
    const people = limit ? state.people.slice(0, Number(limit[1])) : state.people;
    const body = { head: { vars: VARS }, results: { bindings: people.flatMap(rowsFor) } };
    return { status: 200, headers: { 'content-type': SPARQL_JSON }, text: JSON.stringify(body) };
  }

  const server = await startLocalServer((req, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
    const query = params.get('query');
    let reply: Answer;
    if (url.pathname !== '/sparql' || !query) {
      reply = {
        status: 400,
        headers: { 'content-type': 'text/plain' },
        text: 'Missing query parameter',
      };
    } else {
      requests.push({
        method: req.method ?? '',
        query,
        format: url.searchParams.get('format'),
        headers: req.headers,
      });
      reply = state.next ?? answer(query);
      state.next = null;
    }
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(reply.status, reply.headers);
      res.end(reply.text);
    }, state.delayMs);
  });
  const { port } = server;
  return {
    endpoint: `http://127.0.0.1:${port}/sparql`,
    requests,
    setPeople(people: FakeWikidataPerson[]) {
      state.people = people;
    },
    /** The next request gets this answer instead of the people (an error status, a broken body). */
    answerNextWith(answer: { status: number; text: string; headers?: Record<string, string> }) {
      state.next = {
        status: answer.status,
        text: answer.text,
        headers: { 'content-type': SPARQL_JSON, ...answer.headers },
      };
    },
    setDelay(ms: number) {
      state.delayMs = ms;
    },
    close: server.close,
  };
}
export type FakeWikidata = Awaited<ReturnType<typeof startFakeWikidata>>;
