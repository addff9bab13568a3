import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The embedded database lives inside the server process, and a second process may not open its
 * directory: `npm run backup` asks the running server for the dump through this Unix socket in
 * DATA_DIR. The socket file is 0600, so only the server's own user (or root) can connect: the file
 * permission is the authorisation. One operation: `backup\n`, answered by a JSON line
 * (`{"ok":true,"bytes":N}` or `{"ok":false,"message":…}`) and then the N bytes of the dump.
 */
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, '.control.sock');

interface Log {
  warn(message: string): void;
}

/** Serves the dump on DATA_DIR/.control.sock until the process exits (the file goes with it). */
export async function serveControlSocket(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: Log,
): Promise<void> {
  const file = controlSocketPath(dataDir);
  // A socket left by a killed server: this process holds the data directory's lock, so no live
  // server owns it.
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => answer(socket, dump));
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    log.warn(
      `No backup socket at ${file} (${(error as Error).message}): \`npm run backup\` works only while this server is stopped.`,
    );
    return;
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(file, 0o600);
  server.unref();
  server.on('error', (error) => log.warn(`backup socket: ${error.message}`));
  process.once('exit', () => fs.rmSync(file, { force: true }));
}

function answer(socket: net.Socket, dump: () => Promise<Blob>): void {
  let request = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    request += chunk;
    if (!request.includes('\n') && request.length < 64) return;
    socket.removeAllListeners('data');
    const operation = request.split('\n')[0]!.trim();
    if (operation !== 'backup') {
      socket.end(
        `${JSON.stringify({ ok: false, message: `unknown operation: ${operation.slice(0, 32)}` })}\n`,
      );
      return;
    }
    dump()
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length })}\n`);
        socket.end(bytes);
      })
      .catch((error: unknown) =>
        socket.end(
          `${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })}\n`,
        ),
      );
  });
}

/**
 * Asks the server running on `dataDir` for a dump. Null when none listens there (no socket file,
 * or a stale one nobody answers on).
 */
export async function requestDump(dataDir: string): Promise<Buffer | null> {
  const file = controlSocketPath(dataDir);
  if (!fs.existsSync(file)) return null;
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(null);
      else reject(error);
    });
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      type Header = { ok: true; bytes: number } | { ok: false; message: string };
      let header: Header | null = null;
      try {
        if (newline > 0) header = JSON.parse(all.subarray(0, newline).toString('utf8')) as Header;
      } catch {
        // not an answer of ours
      }
      if (!header)
        return reject(new Error('the server closed the backup socket without an answer'));
      if (!header.ok)
        return reject(new Error(`the server could not make the dump: ${header.message}`));
      const body = all.subarray(newline + 1);
      if (body.length !== header.bytes)
        return reject(
          new Error(`the dump was cut short (${body.length} of ${header.bytes} bytes)`),
        );
      resolve(body);
    });
  });
}

/** True when a server answers on `dataDir`'s control socket. */
export async function serverRunsOn(dataDir: string): Promise<boolean> {
  const file = controlSocketPath(dataDir);
  if (!fs.existsSync(file)) return false;
  return new Promise((resolve) => {
    const socket = net.connect(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
