// The browser tests' mailbox: an SMTP server the e2e app delivers to (SMTP_URL), and an HTTP
// reader of what arrived, so a spec follows an e-mailed one-time link as the client would. The
// outbox shows such links redacted to employees (docs/decisions/023), so the mailbox is the only
// place a test can read them. Test-only: started by playwright.config.ts, never by the product.
//   MAILBOX_SMTP_PORT  SMTP, 127.0.0.1
//   MAILBOX_HTTP_PORT  GET /messages?to=<address>  → [{ to, subject, text }], newest first; GET / → ok
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAILBOX_SMTP_PORT);
const httpPort = Number(process.env.MAILBOX_HTTP_PORT);
/** @type {{ to: string[]; subject: string; text: string }[]} */
const messages = [];

/** The readable text of a raw message: quoted-printable undone, base64 parts decoded. */
function readable(raw) {
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/gi,
    ),
  ].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  const unfolded = raw.replace(/=\r\n/g, '');
  const bytes = Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return [bytes.toString('utf8'), ...base64Parts].join('\n');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, done) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject,
        text: readable(raw),
      });
      done();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    if (url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      const found = messages.filter((m) => m.to.includes(to)).reverse();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  })
  .listen(httpPort, '127.0.0.1');
