import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseAddressList } from './addresses.js';
import {
  mailgunInboundFields,
  mailgunInboundRequest,
  postmarkInboundRequest,
  type FakeInboundMail,
} from './fake.js';
import { createInboundMailProvider, readMailgunForm } from './index.js';

const SECRET = 'inbound-secret-1';
const NOW = new Date('2027-01-15T22:00:00Z');
const REPLY: FakeInboundMail = {
  from: 'Maria.Lopez@Client.TEST',
  fromName: 'María López',
  to: ['Support+r42@Agency.test'],
  cc: ['office@client.test'],
  subject: ' Re: [#42] Website down ',
  text: [
    'It works again, thank you!',
    '',
    'On Fri, Jan 15, 2027 at 4:00 PM Veteran Agency <support@agency.test> wrote:',
    '> We restarted the server.',
  ].join('\n'),
  messageId: 'b7c3f0d2-2f2e-4a57-9f6e-6c1f0c1d9a11',
};

describe('Postmark inbound webhook', () => {
  const postmark = createInboundMailProvider({ provider: 'postmark', secret: SECRET });
  const request = postmarkInboundRequest(REPLY, SECRET);
  const body: unknown = JSON.parse(request.body);

  it('accepts the Basic credentials Postmark sends from the webhook URL, and nothing else', () => {
    expect(postmark.name).toBe('postmark');
    expect(postmark.authenticate({ headers: request.headers, body })).toBe(true);
    const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
    const refused = [
      {},
      { authorization: basic(`postmark:${SECRET}x`) },
      { authorization: basic('postmark:wrong') },
      { authorization: basic(`admin:${SECRET}`) },
      { authorization: basic(`postmark:`) },
      { authorization: `Bearer ${SECRET}` },
      { authorization: '' },
    ];
    for (const headers of refused) expect(postmark.authenticate({ headers, body })).toBe(false);
    // The scheme is case-insensitive; a repeated header counts by its first value.
    const credentials = request.headers.authorization!.slice('Basic '.length);
    expect(
      postmark.authenticate({ headers: { Authorization: `basic ${credentials}` }, body }),
    ).toBe(true);
    expect(
      postmark.authenticate({
        headers: { authorization: [request.headers.authorization!, 'Basic x'] },
        body,
      }),
    ).toBe(true);
    // No configured password opens nothing, not even an empty one.
    const unset = createInboundMailProvider({ provider: 'postmark', secret: '' });
    expect(unset.authenticate({ headers: { authorization: basic('postmark:') }, body })).toBe(
      false,
    );
  });

  it('reads the sender, every recipient and the reply without the quote', () => {
    expect(postmark.parse(body)).toEqual({
      from: 'maria.lopez@client.test',
      fromName: 'María López',
      to: ['support+r42@agency.test', 'office@client.test'],
      subject: 'Re: [#42] Website down',
      text: 'It works again, thank you!',
      messageId: REPLY.messageId,
    });
  });

  it('reads Postmark’s documented example shape and prefers its StrippedTextReply', () => {
    const mail = postmark.parse({
      FromName: 'Postmarkapp Support',
      From: 'support@postmarkapp.com',
      FromFull: { Email: 'support@postmarkapp.com', Name: 'Postmarkapp Support', MailboxHash: '' },
      To: '"Firstname Lastname" <yourhash+SampleHash@inbound.postmarkapp.com>',
      ToFull: [
        {
          Email: 'yourhash+SampleHash@inbound.postmarkapp.com',
          Name: 'Firstname Lastname',
          MailboxHash: 'SampleHash',
        },
      ],
      Cc: '"First Cc" <firstcc@postmarkapp.com>, secondCc@postmarkapp.com',
      CcFull: [
        { Email: 'firstcc@postmarkapp.com', Name: 'First Cc', MailboxHash: '' },
        { Email: 'secondCc@postmarkapp.com', Name: '', MailboxHash: '' },
      ],
      OriginalRecipient: 'yourhash+SampleHash@inbound.postmarkapp.com',
      Subject: 'Test subject',
      MessageID: '73e6d360-66eb-11e1-8e72-a8904824019b',
      TextBody:
        'This is a test text body.\n\nOn Mon, Jan 4, 2027 at 9:00 AM X <x@y.test> wrote:\n> old',
      HtmlBody: '<html><body><p>This is a test html body.</p></body></html>',
      StrippedTextReply: 'This is the reply text',
      Headers: [{ Name: 'X-Spam-Status', Value: 'No' }],
      Attachments: [],
    });
    expect(mail).toMatchObject({
      from: 'support@postmarkapp.com',
      to: [
        'yourhash+samplehash@inbound.postmarkapp.com',
        'firstcc@postmarkapp.com',
        'secondcc@postmarkapp.com',
      ],
      text: 'This is the reply text',
      messageId: '73e6d360-66eb-11e1-8e72-a8904824019b',
    });
  });

  it('falls back to the HTML body and to the From header', () => {
    const mail = postmark.parse({
      From: '"Doe, Jane" <Jane@Client.test>',
      To: 'support@agency.test',
      Subject: 'Hi',
      TextBody: '',
      HtmlBody: '<div>Hello <b>there</b></div><div class="gmail_quote">old</div>',
      MessageID: '',
    });
    expect(mail).toEqual({
      from: 'jane@client.test',
      fromName: 'Doe, Jane',
      to: ['support@agency.test'],
      subject: 'Hi',
      text: 'Hello there',
      messageId: null,
    });
  });

  it('answers null for bodies that are not a Postmark mail', () => {
    for (const body of [null, 'text', [], {}, { From: 'not an address' }, { FromFull: 3 }]) {
      expect(postmark.parse(body)).toBeNull();
    }
  });
});

describe('Mailgun route forwarding', () => {
  const mailgun = createInboundMailProvider({
    provider: 'mailgun',
    secret: SECRET,
    now: () => NOW,
  });
  const fields = mailgunInboundFields(REPLY, SECRET, NOW);
  const auth = (body: Record<string, string>) => mailgun.authenticate({ headers: {}, body });

  it('accepts a fresh signature made with the signing key, and refuses any change', () => {
    expect(mailgun.name).toBe('mailgun');
    expect(auth(fields)).toBe(true);
    expect(auth({ ...fields, signature: fields.signature!.toUpperCase() })).toBe(true);
    const flipped = (fields.signature!.startsWith('0') ? '1' : '0') + fields.signature!.slice(1);
    expect(auth({ ...fields, signature: flipped })).toBe(false);
    expect(auth({ ...fields, token: `${fields.token}x` })).toBe(false);
    expect(auth({ ...fields, timestamp: String(Number(fields.timestamp) + 1) })).toBe(false);
    expect(auth({ ...fields, signature: '' })).toBe(false);
    const { signature: _signature, ...unsigned } = fields;
    expect(auth(unsigned)).toBe(false);
    expect(mailgun.authenticate({ headers: {}, body: 'timestamp=1' })).toBe(false);
    const otherKey = mailgunInboundFields(REPLY, 'another-key', NOW);
    expect(auth(otherKey)).toBe(false);
  });

  it('refuses timestamps older than 15 minutes (or as far ahead)', () => {
    const at = (minutes: number) =>
      mailgunInboundFields(REPLY, SECRET, new Date(NOW.getTime() + minutes * 60_000));
    expect(auth(at(-14))).toBe(true);
    expect(auth(at(-16))).toBe(false);
    expect(auth(at(-24 * 60))).toBe(false);
    expect(auth(at(16))).toBe(false);
    // A stale request re-signed by someone without the key is still refused.
    const stale = at(-30);
    const resigned = { ...stale, timestamp: fields.timestamp! };
    expect(auth(resigned)).toBe(false);
  });

  it('reads sender, recipients, the stripped reply and the Message-Id', () => {
    expect(mailgun.parse(fields)).toEqual({
      from: 'maria.lopez@client.test',
      fromName: 'María López',
      to: ['support+r42@agency.test', 'office@client.test'],
      subject: 'Re: [#42] Website down',
      text: 'It works again, thank you!',
      messageId: `${REPLY.messageId}@mail.example`,
    });
    const withStripped = mailgunInboundFields({ ...REPLY, strippedText: 'Short reply' }, SECRET);
    expect(mailgun.parse(withStripped)?.text).toBe('Short reply');
    // A parser that keeps repeated fields as arrays: the first value counts.
    expect(mailgun.parse({ ...fields, subject: ['First', 'Second'] })?.subject).toBe('First');
  });

  it('answers null for bodies that are not a Mailgun mail', () => {
    for (const body of [null, 'x', [], {}, { from: 'nobody' }, { subject: 'Hi' }]) {
      expect(mailgun.parse(body)).toBeNull();
    }
  });

  it('decodes the urlencoded form and the multipart one that carries attachments', async () => {
    const request = mailgunInboundRequest(REPLY, SECRET, NOW);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const decoded = await readMailgunForm(request.body, request.headers['content-type']!);
    expect(auth(decoded)).toBe(true);
    expect(mailgun.parse(decoded)?.text).toBe('It works again, thank you!');

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('attachment-1', new Blob([crypto.randomBytes(64)]), 'photo.jpg');
    const multipart = new Request('http://localhost/', { method: 'POST', body: form });
    const raw = Buffer.from(await multipart.arrayBuffer());
    const fromMultipart = await readMailgunForm(raw, multipart.headers.get('content-type')!);
    expect(fromMultipart['attachment-1']).toBeUndefined();
    // Multipart form fields carry CRLF line ends; the reply reads the same.
    expect(fromMultipart['body-plain']).toBe(REPLY.text.replace(/\n/g, '\r\n'));
    expect(mailgun.parse(fromMultipart)?.text).toBe('It works again, thank you!');
    expect(auth(fromMultipart)).toBe(true);
  });
});

describe('address lists', () => {
  it('splits on commas outside quotes and reads display names', () => {
    expect(
      parseAddressList(
        '"Doe, Jane" <Jane@Example.com>, bob@example.com; Carl <carl@example.com> (work), x',
      ),
    ).toEqual([
      { name: 'Doe, Jane', address: 'jane@example.com' },
      { name: '', address: 'bob@example.com' },
      { name: 'Carl', address: 'carl@example.com' },
    ]);
    expect(parseAddressList('ann@example.com (Ann A.)')).toEqual([
      { name: 'Ann A.', address: 'ann@example.com' },
    ]);
    expect(parseAddressList('')).toEqual([]);
    // A hostile header: one endless entry is no mailbox; a long list is read in one pass.
    expect(parseAddressList('<a@b.test>('.repeat(100_000))).toEqual([]);
    expect(parseAddressList('a@b.test, '.repeat(100_000))).toHaveLength(100_000);
  });
});

describe('the fake requests over HTTP', () => {
  it('authenticate and parse after Fastify’s JSON parser and a form parser', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    // Mailgun posts forms; the app has no form plugin, so a route reads them as the adapter says.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'buffer' }, (request, raw, done) => {
        readMailgunForm(raw as Buffer, request.headers['content-type'] ?? type).then(
          (fields) => done(null, fields),
          (error: Error) => done(error),
        );
      });
    }
    for (const provider of ['postmark', 'mailgun'] as const) {
      const inbound = createInboundMailProvider({ provider, secret: SECRET });
      app.post(`/inbound/${provider}`, async (request, reply) => {
        if (!inbound.authenticate(request)) return reply.code(401).send({ message: 'no' });
        const mail = inbound.parse(request.body);
        return mail ? mail : reply.code(400).send({ message: 'not a mail' });
      });
    }
    try {
      for (const [provider, request] of [
        ['postmark', postmarkInboundRequest(REPLY, SECRET)],
        ['mailgun', mailgunInboundRequest(REPLY, SECRET)],
      ] as const) {
        const ok = await app.inject({
          method: 'POST',
          url: `/inbound/${provider}`,
          headers: request.headers,
          payload: request.body,
        });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toMatchObject({
          from: 'maria.lopez@client.test',
          text: 'It works again, thank you!',
        });
        const forged =
          provider === 'postmark'
            ? postmarkInboundRequest(REPLY, 'guess')
            : mailgunInboundRequest(REPLY, 'guess');
        const refused = await app.inject({
          method: 'POST',
          url: `/inbound/${provider}`,
          headers: forged.headers,
          payload: forged.body,
        });
        expect(refused.statusCode).toBe(401);
      }
    } finally {
      await app.close();
    }
  });
});
