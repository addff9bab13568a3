import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type LocalHandler = (
  req: http.IncomingMessage,
  body: string,
  res: http.ServerResponse,
) => void | Promise<void>;

/**
 * An HTTP server on 127.0.0.1 at a free port for the fakes of outside services: the request
 * body is read as text before the handler runs; `close` also drops kept-alive connections.
 */
export async function startLocalServer(handle: LocalHandler) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      Promise.resolve(handle(req, body, res)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
