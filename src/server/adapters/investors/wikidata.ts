import { z } from 'zod';
import { InvestorSourceError, type DiscoveredInvestor, type InvestorSource } from './types.js';

export interface WikidataSourceOptions {
  /** The SPARQL endpoint, normally https://query.wikidata.org/sparql. */
  endpoint: string;
  /** Wikimedia's User-Agent policy: name the application and a way to contact its operator. */
  userAgent: string;
  timeoutMs?: number;
  /** How many people to ask for; the limit applies to people, not to result rows. */
  limit?: number;
}

/**
 * Humans (P31 = Q5) with occupation (P106) venture capitalist and a LinkedIn personal profile ID
 * (P6634). The occupation is matched by its English label because we could not confirm its Q-id
 * from a source; the people are picked in a subquery so that the LIMIT counts people, while the
 * optional employer (P108), image (P18), residence (P551) and citizenship (P27) may add rows.
 */
export function wikidataInvestorQuery(limit: number): string {
  return `SELECT ?person ?personLabel ?linkedin ?image ?employerLabel ?residenceLabel ?citizenshipLabel WHERE {
  {
    SELECT DISTINCT ?person WHERE {
      ?occupation rdfs:label "venture capitalist"@en .
      ?person wdt:P106 ?occupation ;
              wdt:P31 wd:Q5 ;
              wdt:P6634 [] .
    }
    LIMIT ${limit}
  }
  ?person wdt:P6634 ?linkedin .
  OPTIONAL { ?person wdt:P18 ?image . }
  OPTIONAL { ?person wdt:P108 ?employer . }
  OPTIONAL { ?person wdt:P551 ?residence . }
  OPTIONAL { ?person wdt:P27 ?citizenship . }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "en". }
}`;
}

const term = z.object({ type: z.string(), value: z.string() });
const sparqlResults = z.object({
  results: z.object({ bindings: z.array(z.record(z.string(), term)) }),
});
type Binding = z.infer<typeof sparqlResults>['results']['bindings'][number];

const UNREADABLE = 'Wikidata sent an answer that could not be read. Please try again later.';
const Q_ID = /^Q\d+$/;
const seconds = (ms: number) => {
  const value = Number((ms / 1000).toFixed(2));
  return `${value} second${value === 1 ? '' : 's'}`;
};

/** Retry-After is either seconds or an HTTP date (RFC 9110); anything else means "a while". */
function retryAdvice(header: string | null): string {
  const delay =
    header === null
      ? NaN
      : /^\d+$/.test(header.trim())
        ? Number(header) * 1000
        : Date.parse(header) - Date.now();
  return Number.isFinite(delay) && delay > 0
    ? `in ${seconds(Math.ceil(delay / 1000) * 1000)}`
    : 'in a minute';
}

function statusError(status: number, retryAfter: string | null): InvestorSourceError {
  if (status === 429)
    return new InvestorSourceError(
      `Wikidata is limiting how often this server may ask. Please try again ${retryAdvice(retryAfter)}.`,
    );
  // WDQS answers a query that ran out of its own time with a 500 as well.
  if (status >= 500)
    return new InvestorSourceError(
      `Wikidata's query service is having trouble (HTTP ${status}). Please try again later.`,
    );
  return new InvestorSourceError(
    `Wikidata refused the search (HTTP ${status}). Please try again later.`,
  );
}

async function fetchBindings(url: URL, userAgent: string, timeoutMs: number): Promise<Binding[]> {
  let text: string;
  try {
    // The deadline covers the body as well: WDQS can stall half-way through a large answer.
    const response = await fetch(url, {
      headers: { Accept: 'application/sparql-results+json', 'User-Agent': userAgent },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
    if (!response.ok) throw statusError(response.status, response.headers.get('retry-after'));
  } catch (error) {
    if (error instanceof InvestorSourceError) throw error;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new InvestorSourceError(
        `Wikidata did not answer within ${seconds(timeoutMs)}. Please try again later.`,
      );
    }
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new InvestorSourceError(
      `Wikidata could not be reached${typeof code === 'string' ? ` (${code})` : ''}. Check this server's internet connection and try again.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InvestorSourceError(UNREADABLE);
  }
  const parsed = sparqlResults.safeParse(json);
  if (!parsed.success) throw new InvestorSourceError(UNREADABLE);
  return parsed.data.results.bindings;
}

/** `http://commons.wikimedia.org/wiki/Special:FilePath/X.jpg` → an https thumbnail; other hosts are not trusted. */
export function commonsPhotoUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (
    url.hostname !== 'commons.wikimedia.org' ||
    !url.pathname.startsWith('/wiki/Special:FilePath/')
  )
    return null;
  url.protocol = 'https:';
  url.search = '?width=256';
  url.hash = '';
  return url.href;
}

/** The label service answers the bare Q-id when an item has no English label: that is no name. */
const labelOf = (binding: Binding, name: string) => {
  const value = binding[name]?.value.trim();
  return value && !Q_ID.test(value) ? value : undefined;
};
/** Several values (two employers): the alphabetically first, so the same data gives the same investor. */
const first = (values: Set<string>) =>
  [...values].sort((a, b) => a.localeCompare(b, 'en'))[0] ?? null;

interface Gathered {
  name: string;
  linkedin: Set<string>;
  images: Set<string>;
  employers: Set<string>;
  residences: Set<string>;
  citizenships: Set<string>;
}

/** One row per combination of values: merge the rows of one person by their Q-id. */
export function investorsFromBindings(bindings: Binding[]): DiscoveredInvestor[] {
  const people = new Map<string, Gathered>();
  for (const binding of bindings) {
    const qid = /\/entity\/(Q\d+)$/.exec(binding.person?.value ?? '')?.[1];
    const name = labelOf(binding, 'personLabel');
    if (!qid || !name) continue;
    const person = people.get(qid) ?? {
      name,
      linkedin: new Set(),
      images: new Set(),
      employers: new Set(),
      residences: new Set(),
      citizenships: new Set(),
    };
    people.set(qid, person);
    const add = (set: Set<string>, value: string | undefined) => value && set.add(value);
    add(person.linkedin, binding.linkedin?.value.trim());
    add(person.images, binding.image && (commonsPhotoUrl(binding.image.value) ?? undefined));
    add(person.employers, labelOf(binding, 'employerLabel'));
    add(person.residences, labelOf(binding, 'residenceLabel'));
    add(person.citizenships, labelOf(binding, 'citizenshipLabel'));
  }
  return [...people].map(([qid, person]): DiscoveredInvestor => {
    const linkedinId = first(person.linkedin);
    return {
      sourceId: qid,
      name: person.name,
      title: 'Venture Capitalist',
      firm: first(person.employers),
      location: first(person.residences) ?? first(person.citizenships),
      profilePhoto: first(person.images),
      linkedinUrl: linkedinId
        ? `https://www.linkedin.com/in/${encodeURIComponent(linkedinId)}`
        : null,
      email: null,
      linkedinConnections: null,
      networkValue: null,
      // Wikidata holds these rarely and unevenly; an empty list is honest, a guess is not.
      expertise: [],
      portfolioCompanies: [],
      investmentRange: null,
      portfolioSize: null,
      stages: [],
      industries: [],
    };
  });
}

/** Venture capitalists with a public LinkedIn profile, from Wikidata (CC0), in one SPARQL query. */
export function createWikidataSource(options: WikidataSourceOptions): InvestorSource {
  const { endpoint, userAgent, timeoutMs = 20_000, limit = 200 } = options;
  if (!userAgent.trim())
    throw new Error('Wikidata requires a User-Agent that identifies this application.');
  return {
    name: 'wikidata',
    async discover() {
      const url = new URL(endpoint);
      url.searchParams.set('query', wikidataInvestorQuery(Math.max(1, Math.floor(limit))));
      url.searchParams.set('format', 'json');
      return investorsFromBindings(await fetchBindings(url, userAgent, timeoutMs));
    },
  };
}
