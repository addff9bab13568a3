import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's caddy package (the proxy of deploy/Caddyfile); the tests use it when installed. */
export const CADDY = '/usr/bin/caddy';

export interface ProxySettings {
  upstreams: { host: string; port: number }[];
  /** Active health check: GET this path on every upstream each interval; non-2xx takes it out. */
  healthUri: string;
  healthIntervalMs: number;
  healthTimeoutMs: number;
  /** How long a request keeps trying other upstreams when one refuses the connection. */
  tryDurationMs: number;
}

export interface RunningProxy {
  url: string;
  kind: 'caddy' | 'node';
  output(): string;
  close(): Promise<void>;
}

/** Caddy when installed, else a small proxy of our own that balances and retries the same way. */
export function startHealthCheckedProxy(settings: ProxySettings): Promise<RunningProxy> {
  return fs.existsSync(CADDY) ? startCaddy(settings) : startNodeProxy(settings);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Caddy 2.6 with the deploy Caddyfile's load-balancing block, its intervals shortened. */
async function startCaddy(settings: ProxySettings): Promise<RunningProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caddy-'));
  const port = await freePort();
  const upstreams = settings.upstreams.map((u) => `${u.host}:${u.port}`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'Caddyfile'),
    `{
	admin off
	auto_https off
	storage file_system ${dir}/data
}

http://127.0.0.1:${port} {
	reverse_proxy ${upstreams} {
		lb_policy least_conn
		lb_try_duration ${settings.tryDurationMs}ms
		health_uri ${settings.healthUri}
		health_interval ${settings.healthIntervalMs}ms
		health_timeout ${settings.healthTimeoutMs}ms
		fail_duration 2s
	}
}
`,
  );
  const proc = spawn(CADDY, ['run', '--adapter', 'caddyfile', '--config', 'Caddyfile'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`caddy exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok)
        return { url, kind: 'caddy', output: () => output, close };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`caddy did not start within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * What the test needs of Caddy when it is not installed: active health checks, least-connections
 * balancing over kept-alive upstream connections, and a retry on another upstream when a connection
 * is refused (or, for a GET, when a reused connection closed before answering, as Go's client does).
 */
async function startNodeProxy(settings: ProxySettings): Promise<RunningProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const upstreams = settings.upstreams.map((u) => ({ ...u, healthy: true, active: 0 }));
  let log = '';
  const check = setInterval(() => {
    for (const upstream of upstreams) {
      const probe = http.get(
        { host: upstream.host, port: upstream.port, path: settings.healthUri, agent: false },
        (res) => {
          res.resume();
          upstream.healthy = res.statusCode! >= 200 && res.statusCode! < 300;
        },
      );
      probe.setTimeout(settings.healthTimeoutMs, () => probe.destroy(new Error('timeout')));
      probe.on('error', () => (upstream.healthy = false));
    }
  }, settings.healthIntervalMs);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const until = Date.now() + settings.tryDurationMs;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
      );
      const attempt = () => {
        const candidates = upstreams.filter((u) => u.healthy);
        const upstream = candidates.sort((a, b) => a.active - b.active)[0];
        if (!upstream) return retryOr502(new Error('no healthy upstream'));
        upstream.active++;
        const forward = http.request(
          {
            host: upstream.host,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers,
            agent,
          },
          (answer) => {
            const out = Object.fromEntries(
              Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
            );
            res.writeHead(answer.statusCode!, out);
            answer.pipe(res);
            answer.on('end', () => upstream.active--);
          },
        );
        forward.on('error', (error: NodeJS.ErrnoException) => {
          upstream.active--;
          const refused = error.code === 'ECONNREFUSED';
          const replayable =
            forward.reusedSocket && (req.method === 'GET' || req.method === 'HEAD');
          if (res.headersSent) return res.destroy();
          if (refused) upstream.healthy = false;
          if (refused || replayable) return retryOr502(error);
          log += `${req.method} ${req.url}: ${error.message}\n`;
          res.writeHead(502).end();
        });
        forward.end(body);
      };
      const retryOr502 = (error: Error) => {
        if (Date.now() < until) return void setTimeout(attempt, 50);
        log += `${req.method} ${req.url}: ${error.message}\n`;
        res.writeHead(502).end();
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    kind: 'node',
    output: () => log,
    close: async () => {
      clearInterval(check);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
