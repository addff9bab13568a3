import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm start` and `npm run build` as an operator runs them on a plain server: the real
// scripts/start.mjs, scripts/build.mjs and package.json's script lines, in a checkout whose
// toolchain is a stand-in (a "vite" and an "esbuild" that write a tiny build in a blink, and a
// server that serves its own build's page and assets and drains on SIGTERM), so that a test can
// build many times and start several instances in seconds.

const repo = path.resolve(import.meta.dirname, '../..');
const scripts = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

const FAKE_VITE = `
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
const args = process.argv.slice(2);
const outDir = args[args.indexOf('--outDir') + 1];
fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
if (args.includes('--ssr')) {
  fs.writeFileSync(path.join(outDir, 'entry-server.js'), 'export const render = () => ({});');
} else {
  // A gate the test opens: the build waits there, so that a second starter meets it running.
  const gate = process.env.FAKE_VITE_GATE;
  if (gate) {
    fs.writeFileSync(path.join(gate, 'started-' + process.pid), '');
    const nap = new Int32Array(new SharedArrayBuffer(4));
    while (!fs.existsSync(path.join(gate, 'open'))) Atomics.wait(nap, 0, 0, 20);
  }
  const source = fs.readFileSync('src/web/app.txt', 'utf8');
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
  fs.writeFileSync(path.join(outDir, 'assets', 'index-' + hash + '.js'), 'console.log(' + JSON.stringify(source) + ');');
  fs.writeFileSync(path.join(outDir, 'assets', 'index-' + hash + '.css'), 'body{color:black}');
  fs.writeFileSync(
    path.join(outDir, 'index.html'),
    '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-' + hash + '.css"></head>' +
      '<body><div id="root"></div><script type="module" crossorigin src="/assets/index-' + hash + '.js"></script></body></html>',
  );
}
`;

const FAKE_ESBUILD = `
import fs from 'node:fs';
import path from 'node:path';
export function transformSync(code) {
  return { code };
}
export async function build({ outdir }) {
  fs.mkdirSync(outdir, { recursive: true });
  fs.copyFileSync(path.join(import.meta.dirname, 'server.js'), path.join(outdir, 'main.js'));
}
`;

/** The stand-in of dist/server/main.js: like the real one, it finds its build from its own path. */
const FAKE_SERVER = `
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shell = fs.readFileSync(path.join(dist, 'shell/index.html'));
const held = [];
const server = http.createServer((request, response) => {
  if (request.url === '/') return response.end(shell);
  // Answered once the drain has begun: a request in flight when SIGTERM comes.
  if (request.url === '/hold') {
    console.log('holding a request');
    return void held.push(response);
  }
  fs.readFile(path.join(dist, 'web', path.normalize(request.url)), (error, data) => {
    response.statusCode = error ? 404 : 200;
    response.end(error ? '' : data);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  console.log('listening ' + server.address().port + ' pid ' + process.pid);
});
process.on('SIGTERM', () => {
  console.log('draining');
  server.close(() => {
    console.log('drained');
    process.exit(0);
  });
  for (const response of held) response.end('finished');
  server.closeIdleConnections();
});
`;

function put(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A checkout with the real scripts and package.json lines, and the stand-in toolchain. */
function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-'));
  put(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'checkout',
      private: true,
      type: 'module',
      scripts: { start: scripts.scripts.start, build: scripts.scripts.build },
    }),
  );
  for (const file of ['scripts/start.mjs', 'scripts/build.mjs', 'src/web/loader.js'])
    fs.cpSync(path.join(repo, file), path.join(root, file));
  put(path.join(root, 'src/web/app.txt'), 'version 1');
  put(path.join(root, 'src/server/db/migrations/0000_first.sql'), 'select 1;');
  put(path.join(root, 'src/locales/en/messages.po'), '');
  put(path.join(root, 'public/robots.txt'), '');
  put(path.join(root, 'vite.config.ts'), '');
  put(path.join(root, 'package-lock.json'), '{}');
  put(path.join(root, 'node_modules/vite/bin/vite.js'), FAKE_VITE);
  put(
    path.join(root, 'node_modules/esbuild/package.json'),
    JSON.stringify({ name: 'esbuild', type: 'module', main: 'index.js' }),
  );
  put(path.join(root, 'node_modules/esbuild/index.js'), FAKE_ESBUILD);
  put(path.join(root, 'node_modules/esbuild/server.js'), FAKE_SERVER);
  return root;
}

/** A source edit after the last build: that build is then stale. */
function editSource(root: string, text: string) {
  fs.writeFileSync(path.join(root, 'src/web/app.txt'), text);
}

function build(root: string): string {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

const builds = (root: string) =>
  fs
    .readdirSync(path.join(root, '.builds'))
    .filter((name) => !name.startsWith('.'))
    .sort();

interface Started {
  npm: ChildProcess;
  port: number;
  pid: number;
  output: () => string;
  exited: Promise<number | null>;
}

const running: ChildProcess[] = [];
const serverPids: number[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const pid of serverPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

/** `npm start` in `root`; resolves once it listens. */
function npmStart(root: string, env: NodeJS.ProcessEnv = {}): Started & { ready: Promise<void> } {
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: '0', npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(npm);
  let text = '';
  const started = { npm, port: 0, pid: 0, output: () => text } as Started & {
    ready: Promise<void>;
  };
  started.exited = new Promise((resolve) => npm.on('exit', (code) => resolve(code)));
  started.ready = new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+) pid (\d+)/.exec(text);
      if (match && !started.port) {
        started.port = Number(match[1]);
        started.pid = Number(match[2]);
        serverPids.push(started.pid);
        resolve();
      }
    };
    npm.stdout.on('data', read);
    npm.stderr.on('data', read);
    void started.exited.then((code) => reject(new Error(`npm start exited ${code}:\n${text}`)));
  });
  return started;
}

/** Resolves when `predicate` holds for `child`'s output so far (checked on each new chunk). */
function outputShows(child: ChildProcess, predicate: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!predicate()) return;
      child.stdout?.off('data', check);
      resolve();
    };
    child.stdout?.on('data', check);
    check();
  });
}

async function page(port: number): Promise<{ script: string; assetStatus: number }> {
  const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  const script = /\/assets\/index-[0-9a-f]{8}\.js/.exec(html)?.[0];
  if (!script) throw new Error(`no script in the page:\n${html}`);
  const asset = await fetch(`http://127.0.0.1:${port}${script}`);
  await asset.arrayBuffer();
  return { script, assetStatus: asset.status };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start and npm run build on a plain server', () => {
  it('rebuilding while an instance runs leaves it serving its own page and assets', async () => {
    const root = checkout();
    const first = npmStart(root);
    await first.ready;
    expect(first.output()).toContain('no build yet; building');
    // What npm start and its build print is JSON, as the server's log is (the stand-in server's
    // own lines are not).
    const startLines = first
      .output()
      .split('\n')
      .filter((line) => line && !line.startsWith('listening '));
    expect(startLines.length).toBeGreaterThan(1);
    for (const line of startLines) expect(JSON.parse(line), line).toHaveProperty('msg');
    const before = await page(first.port);
    expect(before.assetStatus).toBe(200);

    editSource(root, 'version 2');
    build(root);
    // The running instance still has every file its pages name.
    expect(await page(first.port)).toEqual(before);

    // A second instance starts on the new build, without building again.
    const second = npmStart(root);
    await second.ready;
    expect(second.output()).not.toContain('building');
    const after = await page(second.port);
    expect(after.assetStatus).toBe(200);
    expect(after.script).not.toBe(before.script);

    // Three more builds: the three newest are kept, and so are the two that servers run from.
    for (const version of [3, 4, 5]) {
      editSource(root, `version ${version}`);
      build(root);
    }
    expect(builds(root)).toHaveLength(5);
    expect(await page(first.port)).toEqual(before);
    expect(await page(second.port)).toEqual(after);

    // Once they stop, the next build deletes their builds.
    first.npm.kill('SIGTERM');
    second.npm.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    editSource(root, 'version 6');
    build(root);
    expect(builds(root)).toHaveLength(3);
    expect(fs.readlinkSync(path.join(root, 'dist'))).toBe(path.join('.builds', builds(root)[2]!));
  });

  it('two instances started at once build once, and both serve that build', async () => {
    const root = checkout();
    const gate = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
    const first = npmStart(root, { FAKE_VITE_GATE: gate });
    await outputShows(first.npm, () => first.output().includes('building'));
    const building = new Promise<void>((resolve) => {
      const watcher = fs.watch(gate, () => {
        if (fs.readdirSync(gate).some((name) => name.startsWith('started-'))) {
          watcher.close();
          resolve();
        }
      });
      if (fs.readdirSync(gate).some((name) => name.startsWith('started-'))) {
        watcher.close();
        resolve();
      }
    });
    await building;
    // The first is building: the second finds the lock held and waits for that build.
    const second = npmStart(root, { FAKE_VITE_GATE: gate });
    await outputShows(second.npm, () =>
      /waiting for the build of process \d+/.test(second.output()),
    );
    fs.writeFileSync(path.join(gate, 'open'), '');
    await Promise.all([first.ready, second.ready]);

    expect(second.output()).toContain('built meanwhile; using it');
    expect(fs.readdirSync(gate).filter((name) => name.startsWith('started-'))).toHaveLength(1);
    expect(builds(root)).toHaveLength(1);
    const one = await page(first.port);
    expect(one.assetStatus).toBe(200);
    expect(await page(second.port)).toEqual(one);
  });

  it('SIGTERM to the npm process reaches the server, which finishes what is in flight and exits', async () => {
    const root = checkout();
    const started = npmStart(root);
    await started.ready;
    const inFlight = fetch(`http://127.0.0.1:${started.port}/hold`);
    // The request has reached the server before the signal is sent.
    await outputShows(started.npm, () => started.output().includes('holding a request'));
    started.npm.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('finished');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('drained');
    expect(isAlive(started.pid)).toBe(false);
  });

  it('a release trimmed by npm prune starts without building; other packages rebuild', async () => {
    const root = checkout();
    build(root);
    // `npm prune --omit=dev` rewrites package-lock.json as it was: a new time, the same packages.
    const lockfile = path.join(root, 'package-lock.json');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(lockfile, later, later);
    const trimmed = npmStart(root);
    await trimmed.ready;
    expect(trimmed.output()).not.toContain('building');
    trimmed.npm.kill('SIGTERM');
    expect(await trimmed.exited).toBe(0);

    fs.writeFileSync(lockfile, JSON.stringify({ packages: { 'node_modules/new': {} } }));
    const updated = npmStart(root);
    await updated.ready;
    expect(updated.output()).toContain('sources changed since the last build; building');
    expect(builds(root)).toHaveLength(2);
  });

  it('a lock left by a builder that died is taken over', () => {
    const root = checkout();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    });
    put(path.join(root, '.builds/.lock'), dead.stdout.trim());
    expect(build(root)).toContain(`taking over the lock of process ${dead.stdout.trim()}`);
    expect(builds(root)).toHaveLength(1);
    expect(fs.existsSync(path.join(root, '.builds/.lock'))).toBe(false);
  });

  it('builds when run through a link to the release (/srv/agency/current/scripts/build.mjs)', () => {
    const root = checkout();
    const current = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'srv-')), 'current');
    fs.symlinkSync(root, current);
    const result = spawnSync(process.execPath, [path.join(current, 'scripts/build.mjs')], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('dist/ is ready');
    expect(builds(root)).toHaveLength(1);
  });

  it('a dist/ directory of the older layout is kept as a build and replaced by the link', () => {
    const root = checkout();
    put(path.join(root, 'dist/.build-stamp'), 'old');
    build(root);
    expect(fs.lstatSync(path.join(root, 'dist')).isSymbolicLink()).toBe(true);
    expect(builds(root)).toHaveLength(2);
    expect(fs.existsSync(path.join(root, 'dist/shell/index.html'))).toBe(true);
  });
});
