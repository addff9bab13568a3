import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/**
 * fast-check arbitraries for hostile HTTP requests (src/server/http/fuzz.test.ts): strings
 * PostgreSQL cannot store, huge numbers, prototype keys, arrays where objects belong, repeated
 * and bracketed query keys, deep nesting, long text, wrong content types and odd headers, mixed
 * with plausible values so that some requests get past validation into the services.
 */

/** Field names of the contract (src/contract/*), so generated bodies reach real checks. */
const FIELDS = [
  'address',
  'amount',
  'billingCycle',
  'businessName',
  'businessType',
  'cardNumber',
  'category',
  'clientSecret',
  'cvc',
  'description',
  'disabled',
  'displayName',
  'email',
  'expertise',
  'expiry',
  'features',
  'firm',
  'iconColor',
  'iconType',
  'industries',
  'industry',
  'investmentRange',
  'investmentStage',
  'lat',
  'limit',
  'linkedinConnections',
  'linkedinUrl',
  'lng',
  'location',
  'logoUrl',
  'mostPopular',
  'name',
  'networkValue',
  'note',
  'offset',
  'ownerName',
  'page',
  'password',
  'phone',
  'planId',
  'portfolioCompanies',
  'portfolioSize',
  'price',
  'profilePhoto',
  'provider',
  'radius',
  'rating',
  'registrationId',
  'renewalPrice',
  'reviewCount',
  'role',
  'search',
  'socialProfiles',
  'sourceId',
  'stages',
  'status',
  'stripeProductId',
  'subscriptionPlan',
  'title',
  'url',
  'website',
  'websiteName',
  'websiteUrl',
  'sort',
  'dryRun',
  'payment_intent',
  'payment_intent_client_secret',
  'placeId',
  'q',
  'purpose',
  'contentType',
  'from',
  'to',
  'days',
];

const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  'tail\ud83d',
  '\udfff\ud800',
  '💥',
  '\u202eevil',
  '\uffff',
  '\ufeff',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'file:///etc/passwd',
  'ftp://example.com/x',
  'JaVaScRiPt:alert(1)',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '9007199254740993',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '-0',
  '1.5',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '${7*7}',
  '{{7*7}}',
];

const PLAUSIBLE = [
  'Fuzz Test',
  'fuzz@example.com',
  'https://example.com/fuzz',
  'http://example.com',
  'active',
  'deployment',
  'new',
  'contacted',
  'won',
  'lost',
  'staff',
  'owner',
  'Restaurant',
  'Other',
  '299.00',
  '1',
  '10',
  '29.42',
  '-98.49',
  '#3B82F6',
  'globe',
  'a long fuzz passphrase',
  'Seed',
  'Series A',
  'monthly',
  'logo',
  'image/png',
  '4242424242424242',
  '12/34',
  '123',
  'San Antonio, TX',
  'Basic',
  'Professional',
];

const nasty = fc.constantFrom(...NASTY);
const plausible = fc.constantFrom(...PLAUSIBLE);
const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 3,
});
const longString = fc
  .tuple(fc.constantFrom('a', '\u0000', 'é', '💥', ' '), fc.integer({ min: 1000, max: 70_000 }))
  .map(([c, n]) => c.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: nasty, weight: 4 },
  { arbitrary: plausible, weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.tuple(plausible, loneSurrogates, plausible).map((p) => p.join('')), weight: 1 },
  { arbitrary: longString, weight: 1 },
);

/**
 * Integers at the edges of what the database holds (PostgreSQL's `integer` is -2^31..2^31-1) and of
 * what JavaScript counts exactly: each integer field and id parameter gets every one of them in the
 * fuzzer's boundary sweep, as a number and, last, as text.
 */
export const BOUNDARY_INTEGERS: readonly (number | string)[] = [
  -1,
  0,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  -(2 ** 31) - 1,
  1e308,
  1.5,
  '2147483648',
];
/** Those no integer column holds: a field that takes a number must refuse them with a 400 naming it. */
export const OUT_OF_RANGE: readonly (number | string)[] = [
  2 ** 31,
  2 ** 53,
  -(2 ** 31) - 1,
  1e308,
  '2147483648',
];

const hugeNumber = fc.oneof(
  fc.constantFrom(...BOUNDARY_INTEGERS.filter((v) => typeof v === 'number')),
  fc.constantFrom(-1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 64, 5e-324, -0, 0.1),
  fc.double(),
  fc.integer(),
);
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...FIELDS), weight: 6 },
  { arbitrary: hostileString, weight: 1 },
  { arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype'), weight: 1 },
);
const leaf = fc.oneof(hostileString, hugeNumber, fc.boolean(), fc.constant(null));

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Text no JSON parser stores as plain objects (prototype keys, deep nesting) or that is no JSON at all. */
const rawJsonText = fc.oneof(
  fc.constantFrom(
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"name":"a","name":"b"}',
    '{',
    'null',
    '[]',
    '""',
    '0',
    'true',
    '{"a":1}garbage',
    '\u0000',
  ),
  fc
    .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 40, max: 20_000 }))
    .map(
      ([open, depth]) =>
        open.repeat(depth) + (open === '[' ? '1' + ']'.repeat(depth) : '1' + '}'.repeat(depth)),
    ),
);

/** A body each write route accepts, so that mutations of it reach the services and some writes succeed. */
export const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/business-registration': {
    businessName: 'Fuzz Shop',
    ownerName: 'Fuzz Owner',
    email: 'fuzz@example.com',
    businessType: 'Other',
    subscriptionPlan: 'essential',
  },
  'POST /api/create-payment-intent': { planId: 1 },
  'POST /api/payments/test/confirm': {
    clientSecret: 'pi_fuzz_secret_x',
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  },
  'POST /api/portfolio': { websiteName: 'Fuzz Site', websiteUrl: 'https://fuzz.example' },
  'PUT /api/portfolio/:id': { websiteName: 'Fuzz Site', websiteUrl: 'https://fuzz.example' },
  'POST /api/applications': { name: 'Fuzz App', url: 'https://app.fuzz.example' },
  'PUT /api/applications/:id': { name: 'Fuzz App', url: 'https://app.fuzz.example' },
  'POST /api/investors': { name: 'Fuzz Investor' },
  'PUT /api/investors/:id': { name: 'Fuzz Investor' },
  'POST /api/leads': {
    provider: 'directory',
    sourceId: 'fuzz-lead',
    name: 'Fuzz Lead',
    website: 'https://lead.fuzz.example',
  },
  'PATCH /api/leads/:id': { status: 'contacted', note: 'fuzz' },
  'POST /api/leads/do-not-contact': {
    provider: 'directory',
    sourceId: 'fuzz-do-not-contact',
    name: 'Fuzz Do Not Contact',
  },
  'POST /api/website-checks': {
    provider: 'directory',
    sourceId: 'fuzz-check',
    name: 'Fuzz Check',
    website: 'https://check.fuzz.example',
  },
  'POST /api/employees': {
    name: 'Fuzz Staff',
    email: 'fuzz-staff@example.com',
    password: 'a long fuzz passphrase',
    role: 'staff',
  },
  'PATCH /api/employees/:id': { role: 'staff' },
  'PUT /api/subscription-plans/:id': {
    displayName: 'Fuzz Plan',
    description: 'Fuzz',
    price: '299.00',
    billingCycle: 'month',
    features: ['Fuzz'],
    renewalPrice: null,
    mostPopular: false,
  },
  'POST /api/objects/upload': { purpose: 'portfolio-logo' },
};

/** A query each GET route with a required parameter accepts, for the boundary sweep's other fields. */
export const VALID_QUERIES: Record<string, string> = {
  'GET /api/businesses/search': 'category=plumber',
  'GET /api/businesses/export.csv': 'category=plumber',
  'GET /api/payments/status': 'payment_intent_client_secret=pi_fuzz_secret_x',
};

const bodyFor = (validBody: Record<string, unknown>) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constant(validBody),
          fc.dictionary(
            fc.constantFrom(...Object.keys(validBody), ...FIELDS),
            fc.oneof(leaf, jsonValue),
            { maxKeys: 2 },
          ),
        )
        .map(([base, changes]) => ({ json: { ...base, ...changes } })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(
          fc.dictionary(fc.constantFrom(...FIELDS), plausible, { maxKeys: 10 }),
          fc.dictionary(key, jsonValue, { maxKeys: 3 }),
        )
        .map(([base, hostile]) => ({ json: { ...base, ...hostile } })),
      weight: 3,
    },
    { arbitrary: jsonValue.map((json) => ({ json })), weight: 2 },
    { arbitrary: rawJsonText.map((raw) => ({ raw, type: 'application/json' })), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          hostileString,
          fc.constantFrom(
            'text/plain',
            'text/csv',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'image/png',
            'application/xml',
            'application/json; charset=latin1',
            'text/csv; charset=utf-16',
            'application/vnd.ms-excel',
            '',
            'nonsense',
          ),
        )
        .map(([raw, type]) => ({ raw, type })),
      weight: 2,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

/** A string written into a URL: percent-encoded, lone surrogates as the (invalid) UTF-8 bytes they would be, or raw junk. */
function encodePart(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}
const urlPart = (values: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: values.map(encodePart), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%00',
        '%ED%A0%80',
        '%C0%80',
        '..',
        '%2e%2e%2f',
        '%2F',
      ),
      weight: 1,
    },
  );

const queryKey = fc.oneof(
  fc
    .constantFrom(...FIELDS)
    .chain((k) => fc.constantFrom(k, `${k}[]`, `${k}[0]`, `${k}[__proto__]`)),
  hostileString,
);
const query = fc
  .array(fc.tuple(urlPart(queryKey), urlPart(hostileString)), { maxLength: 6 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/** Most requests send a header rarely: each odd value would otherwise hide the others behind its refusal. */
const header = <T>(values: T[]) =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    { arbitrary: fc.constantFrom(...values), weight: 1 },
  );
const headers = fc.record({
  origin: header(['http://localhost:80', 'https://evil.example', 'null']),
  'sec-fetch-site': header(['same-origin', 'cross-site', 'none']),
  host: header([
    'localhost:80',
    'evil.example/"><script>',
    'a@b',
    'x'.repeat(300),
    '[::1]:80',
    '127.0.0.1',
  ]),
  'accept-encoding': header(['br', 'gzip', 'identity;q=0', '*']),
  'if-none-match': header(['*', '"x"', 'W/"junk"']),
  'x-forwarded-for': header(['1.2.3.4', 'junk', '::1, 10.0.0.1']),
  'stripe-signature': header(['t=1,v1=abc', 'junk']),
  accept: header(['application/json', 'text/html', '*/*;q=nonsense']),
});

export interface RouteUnderTest {
  method: string;
  url: string;
}

/** One hostile request for `route`; `ids` are real row ids tried as path parameters, so writes land too. */
export function hostileRequest(
  route: RouteUnderTest,
  ids: string[],
  wildcard: string[],
): fc.Arbitrary<InjectOptions & { url: string; params: string[] }> {
  const names = route.url.match(/:[^/]+|\*/g) ?? [];
  const param = (name: string) =>
    urlPart(
      fc.oneof(
        { arbitrary: fc.constantFrom(...(name === '*' ? wildcard : ids)), weight: 3 },
        { arbitrary: hostileString, weight: 2 },
        { arbitrary: fc.constantFrom(...BOUNDARY_INTEGERS.map(String)), weight: 1 },
      ),
    );
  const unsafe = route.method !== 'GET' && route.method !== 'DELETE';
  const body = unsafe
    ? bodyFor(VALID_BODIES[`${route.method} ${route.url}`] ?? {})
    : fc.constant(undefined);
  return fc.record({ params: fc.tuple(...names.map(param)), query, body, headers }).map((r) => {
    let i = 0;
    const url = route.url.replace(/:[^/]+|\*/g, () => r.params[i++] ?? '') + r.query;
    const head = Object.fromEntries(
      Object.entries(r.headers).filter(([, v]) => v !== null),
    ) as Record<string, string>;
    const options: InjectOptions & { url: string; params: string[] } = {
      method: route.method,
      url,
      headers: head,
      params: r.params,
    };
    if (r.body && 'json' in r.body) {
      options.payload = JSON.stringify(r.body.json) ?? 'null';
      head['content-type'] = 'application/json';
    } else if (r.body) {
      options.payload = r.body.raw;
      if (r.body.type) head['content-type'] = r.body.type;
    }
    return options;
  });
}
