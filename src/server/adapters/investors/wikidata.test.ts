import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWikidata, wdqsErrorText, type FakeWikidata } from '../../test/fake-wikidata.js';
import { InvestorSourceError } from './types.js';
import { commonsPhotoUrl, createWikidataSource } from './wikidata.js';

const USER_AGENT = 'TestAgency-InvestorDiscovery/1.0 (https://agency.example; ops@agency.example)';

let fake: FakeWikidata;
beforeEach(async () => {
  fake = await startFakeWikidata();
});
afterEach(() => fake.close());

const source = (options: { timeoutMs?: number; limit?: number } = {}) =>
  createWikidataSource({ endpoint: fake.endpoint, userAgent: USER_AGENT, ...options });
const failure = async (options: { timeoutMs?: number } = {}) => {
  const error = await source(options)
    .discover()
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(InvestorSourceError);
  return (error as InvestorSourceError).message;
};

describe('the SPARQL query sent to Wikidata', () => {
  it('asks once, by GET for JSON, for human venture capitalists with a LinkedIn ID, identifying us', async () => {
    await source().discover();
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('GET');
    expect(request!.format).toBe('json');
    expect(request!.headers['user-agent']).toBe(USER_AGENT);
    expect(request!.headers.accept).toBe('application/sparql-results+json');
    const query = request!.query.replace(/\s+/g, ' ');
    expect(query).toContain('?occupation rdfs:label "venture capitalist"@en');
    expect(query).toContain('?person wdt:P106 ?occupation ; wdt:P31 wd:Q5 ; wdt:P6634 [] .');
    for (const optional of [
      'wdt:P18 ?image',
      'wdt:P108 ?employer',
      'wdt:P551 ?residence',
      'wdt:P27 ?citizenship',
    ]) {
      expect(query).toContain(`OPTIONAL { ?person ${optional} . }`);
    }
    expect(query).toContain('SERVICE wikibase:label { bd:serviceParam wikibase:language "en". }');
    expect(query).toContain('LIMIT 200');
  });

  it('limits the number of people to the configured limit', async () => {
    fake.setPeople([
      { qid: 'Q1', label: 'Ada One', linkedin: ['ada-one'] },
      { qid: 'Q2', label: 'Bo Two', linkedin: ['bo-two'] },
    ]);
    const investors = await source({ limit: 1 }).discover();
    expect(fake.requests[0]!.query).toMatch(/\bLIMIT 1\b/);
    expect(investors.map((investor) => investor.sourceId)).toEqual(['Q1']);
  });
});

describe('mapping Wikidata people to investors', () => {
  it('maps a person, merging the rows of two employers into one investor with the alphabetically first firm', async () => {
    fake.setPeople([
      {
        qid: 'Q4242',
        label: 'Jane Doe',
        linkedin: ['jane-doe'],
        image: 'Jane Doe (2019).jpg',
        employers: ['Zeta Ventures', 'Alpha Partners'],
        residence: 'Palo Alto',
        citizenship: 'United States',
      },
    ]);
    expect(await source().discover()).toEqual([
      {
        sourceId: 'Q4242',
        name: 'Jane Doe',
        title: 'Venture Capitalist',
        firm: 'Alpha Partners',
        location: 'Palo Alto',
        profilePhoto:
          'https://commons.wikimedia.org/wiki/Special:FilePath/Jane%20Doe%20(2019).jpg?width=256',
        linkedinUrl: 'https://www.linkedin.com/in/jane-doe',
        email: null,
        linkedinConnections: null,
        networkValue: null,
        expertise: [],
        portfolioCompanies: [],
        investmentRange: null,
        portfolioSize: null,
        stages: [],
        industries: [],
      },
    ]);
  });

  it('URL-encodes the LinkedIn ID and picks one deterministically when a person has two', async () => {
    fake.setPeople([{ qid: 'Q7', label: 'José Núñez', linkedin: ['zz-old', 'josé-núñez'] }]);
    const [investor, ...rest] = await source().discover();
    expect(rest).toHaveLength(0);
    expect(investor!.linkedinUrl).toBe('https://www.linkedin.com/in/jos%C3%A9-n%C3%BA%C3%B1ez');
  });

  it('skips people without an English label and employers known only by their Q-id', async () => {
    fake.setPeople([
      { qid: 'Q10', linkedin: ['no-label'] },
      {
        qid: 'Q11',
        label: 'Kim Lee',
        linkedin: ['kim-lee'],
        employers: ['Q999'],
        citizenship: 'South Korea',
      },
    ]);
    const investors = await source().discover();
    expect(investors).toHaveLength(1);
    expect(investors[0]).toMatchObject({
      sourceId: 'Q11',
      name: 'Kim Lee',
      firm: null,
      location: 'South Korea',
      profilePhoto: null,
    });
  });

  it('accepts photos only from Wikimedia Commons', () => {
    expect(commonsPhotoUrl('http://commons.wikimedia.org/wiki/Special:FilePath/A.png')).toBe(
      'https://commons.wikimedia.org/wiki/Special:FilePath/A.png?width=256',
    );
    expect(commonsPhotoUrl('http://images.example/wiki/Special:FilePath/A.png')).toBeNull();
    expect(commonsPhotoUrl('not a url')).toBeNull();
  });
});

describe('when Wikidata fails', () => {
  it('reports a server error', async () => {
    fake.answerNextWith(wdqsErrorText(500));
    expect(await failure()).toBe(
      "Wikidata's query service is having trouble (HTTP 500). Please try again later.",
    );
  });

  it('reports rate limiting with the wait Wikidata asks for', async () => {
    fake.answerNextWith({
      status: 429,
      text: 'Too Many Requests',
      headers: { 'retry-after': '30' },
    });
    expect(await failure()).toBe(
      'Wikidata is limiting how often this server may ask. Please try again in 30 seconds.',
    );
    fake.answerNextWith({ status: 429, text: 'Too Many Requests' });
    expect(await failure()).toBe(
      'Wikidata is limiting how often this server may ask. Please try again in a minute.',
    );
  });

  it('gives up after the timeout', async () => {
    fake.setDelay(2000);
    const started = Date.now();
    expect(await failure({ timeoutMs: 200 })).toBe(
      'Wikidata did not answer within 0.2 seconds. Please try again later.',
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports an answer that is not JSON, or not SPARQL results', async () => {
    fake.answerNextWith({ status: 200, text: '<html>Service unavailable</html>' });
    expect(await failure()).toBe(
      'Wikidata sent an answer that could not be read. Please try again later.',
    );
    fake.answerNextWith({ status: 200, text: '{"head":{"vars":[]}}' });
    expect(await failure()).toBe(
      'Wikidata sent an answer that could not be read. Please try again later.',
    );
  });

  it('reports a service it cannot reach', async () => {
    await fake.close();
    expect(await failure()).toMatch(/^Wikidata could not be reached \(ECONNREFUSED\)\./);
  });

  it('refuses to start without a User-Agent of our own', () => {
    expect(() => createWikidataSource({ endpoint: fake.endpoint, userAgent: ' ' })).toThrow(
      /User-Agent/,
    );
  });
});
