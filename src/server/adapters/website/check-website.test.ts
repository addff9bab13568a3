import { describe, expect, it } from 'vitest';
import { checkWebsite, ROBOTS_BLOCKED } from './check-website.js';
import {
  RefusedAddressError,
  SafeFetchError,
  type FetchedText,
  type Probe,
  type SiteFetcher,
} from './safe-fetch.js';
import { TIDY_HOMEPAGE } from '../../test/fake-websites.js';

/** A fetcher that answers from a table and logs what was asked, as the check would see a site. */
function stub(answers: {
  robots?: FetchedText | Error;
  page?: string | Error;
  probe?: Probe | Error;
  finalUrl?: string;
}) {
  const asked: string[] = [];
  const answer = <T>(value: T | Error | undefined, fallback: T): Promise<T> =>
    value instanceof Error
      ? Promise.reject(value)
      : Promise.resolve(value === undefined ? fallback : value);
  const fetcher: SiteFetcher = {
    fetchText: (url) => (
      asked.push(`text ${url}`),
      answer(answers.robots, { status: 404, body: '' })
    ),
    probe: (url) => (
      asked.push(`probe ${url}`),
      answer(answers.probe, { status: 301, location: 'https://acme.example/' })
    ),
    fetchPage: (url) => {
      asked.push(`page ${url}`);
      return answer(answers.page, TIDY_HOMEPAGE).then((body) => ({
        finalUrl: answers.finalUrl ?? url,
        contentType: 'text/html',
        body,
        truncated: false,
      }));
    },
  };
  return { fetcher, asked };
}
const options = { userAgent: 'Test Agency (help@example.com)', now: new Date() };

describe('checkWebsite', () => {
  it('an https site whose http:// redirects to it scores 100, after robots.txt, with one probe', async () => {
    const { fetcher, asked } = stub({});
    const outcome = await checkWebsite(fetcher, 'acme.example', options);
    expect(outcome).toMatchObject({
      status: 'checked',
      score: 100,
      finalUrl: 'https://acme.example/',
    });
    expect(asked).toEqual([
      'text https://acme.example/robots.txt',
      'page https://acme.example/',
      'probe http://acme.example/',
    ]);
  });

  it('http:// that stays on http, or does not answer, loses the redirect points only', async () => {
    const stays = await checkWebsite(
      stub({ probe: { status: 200, location: null } }).fetcher,
      'https://acme.example',
      options,
    );
    expect(stays.findings.filter((f) => !f.passed).map((f) => f.id)).toEqual(['httpRedirect']);
    const silent = await checkWebsite(
      stub({ probe: new SafeFetchError('The website could not be reached.') }).fetcher,
      'https://acme.example',
      options,
    );
    expect(silent.score).toBe(90);
  });

  it('a site typed as http:// that ends on https passes both HTTPS checks without a probe', async () => {
    const { fetcher, asked } = stub({ finalUrl: 'https://acme.example/' });
    expect((await checkWebsite(fetcher, 'http://acme.example/', options)).score).toBe(100);
    expect(asked.some((a) => a.startsWith('probe'))).toBe(false);
  });

  it('robots.txt: a refusal or a server error stops before the page; an unreachable page is a failed check', async () => {
    const refused = stub({ robots: { status: 200, body: 'User-agent: test agency\nDisallow: /' } });
    expect(await checkWebsite(refused.fetcher, 'https://acme.example', options)).toMatchObject({
      status: 'blocked',
      message: ROBOTS_BLOCKED,
      score: null,
    });
    expect(refused.asked).toHaveLength(1);
    expect(
      (
        await checkWebsite(
          stub({ robots: { status: 503, body: '' } }).fetcher,
          'https://acme.example',
          options,
        )
      ).status,
    ).toBe('blocked');
    const down = await checkWebsite(
      stub({ page: new SafeFetchError('The website did not answer within 5 seconds.') }).fetcher,
      'https://acme.example',
      options,
    );
    expect(down).toMatchObject({
      status: 'failed',
      message: 'The website did not answer within 5 seconds.',
    });
  });

  it('a refused address is not a finding: it is thrown for the API to refuse', async () => {
    const { fetcher } = stub({
      robots: new RefusedAddressError(
        'This website address points to a private network and was not fetched.',
      ),
    });
    await expect(checkWebsite(fetcher, 'https://intranet.example', options)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
  });
});
