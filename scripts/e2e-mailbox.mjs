// The browser tests' mailbox: an SMTP server the e2e app delivers to (SMTP_URL), and an HTTP
// reader of what arrived, so a spec follows an e-mailed one-time link as the client would. The
// outbox shows such links redacted to employees (docs/decisions/023), so the mailbox is the only
// place a test can read them. Test-only: started by playwright.config.ts, never by the product.
//   MAILBOX_SMTP_PORT  SMTP, 127.0.0.1
//   MAILBOX_HTTP_PORT  GET /messages?to=<address>  → [{ to, subject, text, attachments }], newest
//                      first (attachments: [{ filename, contentType, content }]); GET / → ok
//                      POST /chat → the chat fake (CHAT_WEBHOOK_URL): keeps the JSON body a Slack-style
//                      incoming webhook would get; GET /chat → every body so far, oldest first
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAILBOX_SMTP_PORT);
const httpPort = Number(process.env.MAILBOX_HTTP_PORT);
/** @type {{ to: string[]; subject: string; text: string; attachments: { filename: string; contentType: string; content: string }[] }[]} */
const messages = [];
/** @type {unknown[]} */
const chatPosts = [];

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

/** The attached files of a raw message (parts sent as `Content-Disposition: attachment`), decoded. */
function attachments(raw) {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  const found = [];
  for (const boundary of boundaries)
    for (const part of raw.split(`--${boundary}`)) {
      const end = part.indexOf('\r\n\r\n');
      if (end < 0) continue;
      const head = part.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
      if (!/Content-Disposition: attachment/i.test(head)) continue;
      const body = part.slice(end + 4).replace(/\r\n$/, '');
      const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
      const content =
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? Buffer.from(
                body
                  .replace(/=\r\n/g, '')
                  .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              ).toString('utf8')
            : Buffer.from(body, 'latin1').toString('utf8');
      found.push({
        filename: /filename="?([^";]+)"?/i.exec(head)?.[1] ?? '',
        contentType: /Content-Type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
        content,
      });
    }
  return found;
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
        attachments: attachments(raw),
      });
      done();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    if (url.pathname === '/chat' && request.method === 'POST') {
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        try {
          chatPosts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        } catch {
          response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
        }
      });
      return;
    }
    if (url.pathname === '/chat') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chatPosts));
      return;
    }
    if (url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      const found = messages.filter((m) => m.to.includes(to)).reverse();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  })
  .listen(httpPort, '127.0.0.1');
