import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Slack or Teams incoming webhook, for API and browser tests: it takes
 * JSON POSTs, answers 200 'ok' (or what a test asks for) and keeps what it accepted. Node only,
 * no imports from the app, so an end-to-end spec can start it.
 */
export interface ChatFake {
  url: string;
  /** Bodies answered 2xx, parsed, in arrival order: what the channel would show. */
  messages: unknown[];
  /** Every POST that arrived, including refused and failed ones. */
  attempts: number;
  /** Answers the next requests with these statuses (e.g. 503, then 200 again). */
  failNext(...statuses: number[]): void;
  /** Holds every answer this long, to test time-outs; 0 answers at once again. */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startChatFake(): Promise<ChatFake> {
  const queued: number[] = [];
  let delayMs = 0;
  const fake = {
    url: '',
    messages: [] as unknown[],
    attempts: 0,
    failNext: (...statuses: number[]) => void queued.push(...statuses),
    delay: (ms: number) => void (delayMs = ms),
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.attempts++;
      const answer = (status: number, text: string) => {
        const send = () => {
          if (response.destroyed) return;
          response.writeHead(status, { 'content-type': 'text/plain' }).end(text);
        };
        if (delayMs > 0) setTimeout(send, delayMs).unref();
        else send();
      };
      const status = queued.shift() ?? 200;
      if (request.method !== 'POST') return answer(405, 'method_not_allowed');
      let body: unknown;
      try {
        if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) throw new Error();
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, 'invalid_payload'); // Slack's answer to a body it cannot read
      }
      if (status >= 200 && status < 300) fake.messages.push(body);
      answer(status, status >= 200 && status < 300 ? 'ok' : 'fake_failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/services/T000/B000/fake`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return fake;
}
