import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createLogTransport, createSmtpTransport } from './index.js';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
const INVITE = {
  filename: 'invite.ics',
  contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  content: ICS,
};

const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      cb();
    });
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The decoded body of the MIME part whose headers contain `header`. */
function part(raw: string, header: string): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) return null;
  for (const chunk of raw.split(`--${boundary}`)) {
    const [head, ...body] = chunk.split('\r\n\r\n');
    if (!head?.includes(header)) continue;
    const text = body.join('\r\n\r\n').trim();
    return /base64/i.test(head)
      ? Buffer.from(text.replace(/\s/g, ''), 'base64').toString('utf8')
      : text;
  }
  return null;
}

describe('e-mail attachments', () => {
  it('SMTP sends an attachment as its own MIME part, with its type and name', async () => {
    const transport = createSmtpTransport(smtpUrl, 'help@example.com');
    await transport.send({
      to: 'client@example.com',
      subject: 'With an invitation',
      text: 'See the invitation.',
      attachments: [INVITE],
    });
    transport.close();
    const raw = received.at(-1)!;
    expect(raw).toContain('Content-Type: multipart/mixed');
    expect(raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST; name=invite\.ics/,
    );
    expect(part(raw, 'filename=invite.ics')).toContain(ICS.trim());
  });

  it('a message without attachments stays a single part', async () => {
    const transport = createSmtpTransport(smtpUrl, 'help@example.com');
    await transport.send({ to: 'client@example.com', subject: 'Plain', text: 'Hello.' });
    transport.close();
    expect(received.at(-1)!).not.toContain('multipart/mixed');
  });

  it('the log names the attached files', async () => {
    const lines: unknown[] = [];
    const log = { info: (line: unknown) => lines.push(line) } as unknown as FastifyBaseLogger;
    await createLogTransport(log).send({
      to: 'a@b.c',
      subject: 's',
      text: 't',
      attachments: [INVITE],
    });
    expect(lines[0]).toMatchObject({ mail: { attachments: ['invite.ics'] } });
  });
});
